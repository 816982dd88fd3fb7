/**
 * A name or a value in another script, isolated from the sentence around it (FSI … PDI), so a
 * Latin name in an Arabic sentence, or an Arabic one in English, keeps its place and its
 * punctuation.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
