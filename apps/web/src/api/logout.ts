import { useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { SignOutQuestionProps } from '../components/sign-out-question.tsx';
import { api } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.tsx';
import type { WaitingPayment } from '../lib/outbox.ts';
import { clearToken, currentSession, getToken } from '../lib/session-store.ts';

const outbox = () => import('../lib/outbox.ts');

/**
 * The question's code and texts. The payment form asks for them too (features/dues), while
 * there is a network: a payment kept on the phone is one the sign-out asks about.
 */
export const loadSignOutQuestion = () =>
  Promise.all([import('../components/sign-out-question.tsx'), i18n.loadNamespaces('dues')]);

interface Asking {
  Question: ComponentType<SignOutQuestionProps>;
  accountId: number;
  payments: WaitingPayment[];
}

/**
 * Sign-out (the profile menu's Sign out, the Switch account page's button, the treasurer's
 * header): end the session on the server, forget the token and every answer, cached or kept on
 * the phone, then the sign-in page. Shared here as the layout's menus and the auth pages both
 * sign out.
 *
 * Payments the member made without a network that still wait on the phone are his to decide
 * (issue 32): `signOut` then asks first, with `question`, which the caller renders where it
 * outlives a menu that closes: keep them for his next sign-in on this phone, or delete them.
 * Another account's waiting payments are never touched.
 */
export function useSignOut(): { signOut: () => Promise<void>; question: ReactNode } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking | null>(null);

  const end = useCallback(
    async (deleteFor?: number) => {
      if (deleteFor !== undefined) await (await outbox()).forgetWaitingPayments(deleteFor);
      if (getToken()) await api('/api/logout', { method: 'POST' }).catch(() => undefined);
      clearToken();
      queryClient.clear();
      // The member's figures kept on the phone go with the session.
      await import('../lib/kept-figures.ts')
        .then((kept) => kept.forgetFigures())
        .catch(() => undefined);
      await navigate('/sign-in', { replace: true });
    },
    [navigate, queryClient],
  );

  const signOut = useCallback(async () => {
    const session = currentSession();
    const waiting = session
      ? await outbox()
          .then((o) => o.waitingPayments(session.accountId))
          .catch(() => [])
      : [];
    if (!session || !waiting.length) return end();
    try {
      const [{ SignOutQuestion }] = await loadSignOutQuestion();
      setAsking({ Question: SignOutQuestion, accountId: session.accountId, payments: waiting });
    } catch {
      // The question cannot come (no network, and its code never came): they stay, his
      // alone, as after a session that ended.
      await end();
    }
  }, [end]);

  const question =
    asking &&
    createElement(asking.Question, {
      payments: asking.payments,
      onKeep: () => end(),
      onDelete: () => end(asking.accountId),
      onStay: () => setAsking(null),
    });
  return { signOut, question };
}
