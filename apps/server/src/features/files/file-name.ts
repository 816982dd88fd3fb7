// The name a member's device gave an upload is kept only to show it back (files.original_name).
// Control characters break the row (Postgres refuses a NUL in text) and bidi or other
// invisible format characters make a name read as something else ("exe.jpg" shown as
// "gpj.exe"), so both are dropped. The joiners U+200C and U+200D stay: Arabic, Persian and
// Indic names, and emoji sequences, are spelt with them.

/** How long a stored name may be, in characters (code points). */
export const MAX_FILE_NAME_LENGTH = 200;

// C0/C1 controls and DEL (Cc), format characters (Cf: bidi embeddings, overrides and
// isolates, marks, zero-width space, BOM…) but the joiners, line and paragraph separators,
// and surrogates left unpaired.
const UNWANTED = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** `name` without control and format characters, at most 200 characters; null when empty. */
export function cleanFileName(name: string | null | undefined): string | null {
  if (name == null) return null;
  const cleaned = Array.from(name.normalize('NFC').replace(UNWANTED, '').trim())
    .slice(0, MAX_FILE_NAME_LENGTH)
    .join('');
  return cleaned.length > 0 ? cleaned : null;
}
