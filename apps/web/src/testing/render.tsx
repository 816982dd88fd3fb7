import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';

/**
 * Renders a component with the app's providers. `routes` adds stand-in pages so a test can
 * see where a navigation went (e.g. { '/sign-in': 'SIGN IN PAGE' }).
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    at = path,
    routes = {},
  }: { path?: string; at?: string; routes?: Record<string, string> } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={ui} />
          {Object.entries(routes).map(([p, text]) => (
            <Route key={p} path={p} element={<p>{text}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export interface StubRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Handler = (
  req: StubRequest,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Stands in for the server in component tests: `handlers` maps "METHOD /path" to an answer.
 * Answers should be shaped like the real API's (the contracts' schemas); the real server is
 * exercised by the end-to-end tests. Returns the list of requests made.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const requests: StubRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body =
        init.body instanceof FormData
          ? init.body
          : typeof init.body === 'string'
            ? JSON.parse(init.body)
            : init.body;
      const req = {
        method,
        url: url.pathname + url.search,
        headers: new Headers(init.headers),
        body,
      };
      requests.push(req);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler)
        return new Response(
          JSON.stringify({ status_code: 404, message: `No stub for ${method} ${url.pathname}` }),
          { status: 404 },
        );
      const answer = await handler(req);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  vi.stubGlobal('XMLHttpRequest', StubXhr);
  return requests;
}

/**
 * The uploads that report their progress go through XMLHttpRequest (lib/api-client.ts): here
 * they reach the same stubbed server, through fetch, and report all sent once answered.
 */
class StubXhr {
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (res) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

/**
 * The start of most page tests: the server stubbed with `api`, a user to act, the page drawn
 * (with `renderWithProviders`' options). Returns the requests made, the user and the render.
 */
export function setupPage(
  ui: ReactElement,
  api: Record<string, Handler>,
  options?: Parameters<typeof renderWithProviders>[1],
) {
  const requests = stubApi(api);
  const user = userEvent.setup();
  return { requests, user, ...renderWithProviders(ui, options) };
}
