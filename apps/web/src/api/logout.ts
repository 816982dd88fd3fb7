import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../lib/api-client.ts';
import { clearToken, getToken } from '../lib/session-store.ts';

/**
 * Sign-out (the profile menu's Sign out, the Switch account page's button): end the session on
 * the server, forget the token and every answer, cached or kept on the phone, then the sign-in
 * page. Shared here as the
 * layout's menus and the auth pages both sign out.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getToken()) await api('/api/logout', { method: 'POST' }).catch(() => undefined);
    clearToken();
    queryClient.clear();
    // Nothing of the member's stays on the phone: his kept figures and the payments waiting
    // for a network (their receipts) go with the session.
    await Promise.all([
      import('../lib/kept-figures.ts').then((kept) => kept.forgetFigures()),
      import('../lib/outbox.ts').then((outbox) => outbox.forgetWaitingPayments()),
    ]).catch(() => undefined);
    await navigate('/sign-in', { replace: true });
  }, [navigate, queryClient]);
}
