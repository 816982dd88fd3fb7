// A field of an answer or a message whose shape is not known: null where it is missing.
export const field = (body: unknown, ...keys: string[]): unknown => {
  let v = body;
  for (const k of keys) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null;
  return v;
};
