import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/session-store.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { MessageAttachment } from './message-attachment.tsx';

const PDF_URL = '/api/files/22222222-2222-4222-8222-222222222222';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a PDF attachment', () => {
  // Opened from a blob: URL, the PDF would run in the app's origin (decision 023).
  it('is fetched with the token on the click and saved, never opened in a tab', async () => {
    setToken('member-token');
    const fetchFile = vi.fn(
      async () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    vi.stubGlobal('fetch', fetchFile);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MessageAttachment
        attachment={{ url: PDF_URL, mime: 'application/pdf' }}
        isMine={false}
        ns="chat"
      />,
    );

    expect(fetchFile).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Download the PDF' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const [saved] = clicked;
    expect(saved?.href).toMatch(/^blob:/);
    expect(saved?.download).toBe('22222222-2222-4222-8222-222222222222.pdf');
    expect(saved?.target).toBe('');
    const [url, init] = fetchFile.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(PDF_URL);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer member-token');
  });
});
