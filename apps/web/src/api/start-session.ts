import type { QueryClient } from '@tanstack/react-query';
import type { UserData } from '@jamiya/contracts/profile';
import { toastSuccess } from '../lib/messages.ts';
import { setHasMemberArea, setToken } from '../lib/session-store.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/**
 * A new session on this browser (a sign-in, a password set by link): its token is kept, what
 * another session left in memory goes, and its account's profile is asked for (which keeps
 * the account as this token's, get-profile.ts). Answers the account.
 */
export async function startSession(queryClient: QueryClient, token: string): Promise<UserData> {
  setToken(token);
  queryClient.clear();
  const { userData } = await queryClient.fetchQuery(getProfileQueryOptions());
  setHasMemberArea(userData.is_member);
  return userData;
}

/**
 * Where a new session leads: back to the deep link that sent the person to sign in, if it is a
 * page they may see; otherwise the admin area for an admin and the member area for a member. An
 * admin who is not a member has no member area at all.
 */
export function landingPath(
  user: Pick<UserData, 'role' | 'is_member'>,
  from?: string | undefined,
): string {
  const isAdmin = user.role === 'admin';
  const isMember = user.is_member !== false;
  if ((isMember && from?.startsWith('/user')) || (isAdmin && from?.startsWith('/admin')))
    return from;
  return isAdmin || !isMember ? '/admin' : '/user';
}

/**
 * A sign-in's answer taken (a password's or a passkey's): the session started, its message
 * said. Answers the account and where it leads, back to the deep link in `state` if any.
 */
export async function enterSession(
  queryClient: QueryClient,
  res: { access_token: string; message: string },
  state: unknown,
): Promise<{ user: UserData; to: string }> {
  const signingIn = startSession(queryClient, res.access_token);
  toastSuccess(res.message);
  const user = await signingIn;
  return { user, to: landingPath(user, (state as { from?: string } | null)?.from) };
}
