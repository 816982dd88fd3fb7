import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client.ts';
import { clearToken, getToken } from '../../../lib/session-store.ts';

/** Sign-out (Switch account): end the session on the server, forget the token and every cached answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getToken()) await api('/api/logout', { method: 'POST' }).catch(() => undefined);
    clearToken();
    queryClient.clear();
    await navigate('/sign-in', { replace: true });
  }, [navigate, queryClient]);
}
