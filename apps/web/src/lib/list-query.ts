/** One page of an admin list: `next_cursor` asks for the next one, null at the end. */
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** `path?a=1&b=2`, leaving out what is not set (an empty search is no filter). */
export function withQuery(
  path: string,
  params: Record<string, string | number | null | undefined>,
) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
