// Talking to the server: a small fetch client and a check that an answer is a 2xx.
export function client(base) {
  async function call(method, url, { token, json, form } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const res = await fetch(base + url, { method, headers, body });
    const type = res.headers.get('content-type') ?? '';
    const data = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: data, headers: res.headers };
  }
  return call;
}

export async function must(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The process that answered, when a balancer in front says so (the cluster test's nginx). */
export const upstreamOf = (res) => res.headers.get('x-upstream')?.split(', ').pop();
