/** The photo formats the server accepts for a profile (it checks the content again). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const PHOTO_ACCEPT = `${PHOTO_TYPES.join(',')},.heic,.heif`;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The id of the text naming what is wrong with the photo, or null. */
export function photoProblem(file: File): string | null {
  // Some phones give HEIC photos no type; their name still tells.
  const isImage =
    PHOTO_TYPES.includes(file.type) || (file.type === '' && /\.(heic|heif)$/i.test(file.name));
  if (!isImage) return /*i18n*/ 'profile.edit.errors.photoType';
  if (file.size > PHOTO_MAX_BYTES) return /*i18n*/ 'profile.edit.errors.photoSize';
  return null;
}
