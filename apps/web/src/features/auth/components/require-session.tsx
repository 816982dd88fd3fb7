import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTexts } from '../../../lib/i18n.tsx';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import { ErrorState, Loading } from '../../../components/states.tsx';
import { ApiError, onUnauthorized } from '../../../lib/api-client.ts';
import { useIsPageShell } from '../../../lib/page-shell.ts';
import {
  getCachedProfileId,
  getToken,
  setHasMemberArea,
  clearToken,
} from '../../../lib/session-store.ts';

// The member's figures kept on the phone (lib/kept-figures.ts), loaded with the member area.
const keptFigures = () => import('../../../lib/kept-figures.ts');

/**
 * The session check of docs/product.md 10.4: no token, a refused profile call, or a profile that
 * is not the one this token was issued for sends the member to /sign-in; so does any later 401.
 * (The profile's answer keeps its account as the token's: api/get-profile.ts. One in memory that
 * is not the token's is another session's, replaced by a sign-in in another tab: this tab's
 * answers go, and the sign-in page leads on to the area of the session there is now.)
 * No network is not the end of a session: the member area opens with the figures kept on the
 * phone, or says that there is no connection.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  // No storage where the build draws the page (lib/page-shell.ts).
  const isPageShell = useIsPageShell();
  const token = isPageShell ? null : getToken();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useQuery({ ...getProfileQueryOptions(), enabled: Boolean(token), retry: false });

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        void keptFigures().then((kept) => kept.forgetFigures());
        void navigate('/sign-in', { replace: true, state: { from: location.pathname } });
      }),
    [navigate, queryClient, location.pathname],
  );

  const profileId = profile.data?.userData.id;
  const cachedId = isPageShell ? null : getCachedProfileId();
  const isMismatch = profileId !== undefined && cachedId !== null && cachedId !== profileId;
  // Paused: the browser knows it has no network, so the call waits for one.
  const isOffline =
    profile.fetchStatus === 'paused' ||
    (profile.error instanceof ApiError && profile.error.status === 0);
  const isRefused = profile.isError && !isOffline;

  const isMember = profile.data?.userData.is_member;
  useEffect(() => {
    if (isMember !== undefined) setHasMemberArea(isMember);
  }, [isMember]);

  useEffect(() => {
    if (isMismatch || isRefused) {
      if (isRefused) clearToken();
      queryClient.clear();
      void keptFigures().then((kept) => kept.forgetFigures());
    }
  }, [isMismatch, isRefused, queryClient]);

  // The figures of the account this phone signed in as: put back at once (they are all a member
  // sees without a signal), kept from then on. Not the treasurer's area's.
  const accountId = isMismatch ? null : (profileId ?? cachedId);
  const canKeep =
    Boolean(token) && accountId !== null && isMemberArea(location.pathname) && isMember !== false;
  const [isRestored, setIsRestored] = useState(false);
  useEffect(() => {
    if (canKeep && accountId !== null)
      void keptFigures()
        .then((kept) => kept.keepFigures(queryClient, accountId))
        .catch(() => undefined)
        .then(() => setIsRestored(true));
  }, [canKeep, accountId, queryClient]);

  // The build's drawing of the page before its data: the same for everyone, nothing to check.
  if (isPageShell) return children;
  if (!token || isRefused || isMismatch) {
    return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  }
  if (!profile.data)
    return isOffline && (isRestored || !canKeep) ? (
      <NoConnection onRetry={() => void profile.refetch()} />
    ) : (
      <SessionCheck />
    );
  // An admin who is not a member has no member area (its calls answer 403): the admin area.
  if (profile.data.userData.is_member === false && isMemberArea(location.pathname))
    return <Navigate to="/admin" replace />;
  return children;
}

const isMemberArea = (path: string) => path === '/user' || path.startsWith('/user/');

/** No network and nothing kept on this phone yet. */
function NoConnection({ onRetry }: { onRetry: () => void }) {
  const i18n = useTexts();
  return (
    <div className="grid min-h-dvh place-items-center p-4">
      <ErrorState message={i18n._('auth.session.offline')} onRetry={onRetry} />
    </div>
  );
}

/** While the session is checked; a signed-in page's HTML shows it before any script has run. */
export function SessionCheck() {
  const i18n = useTexts();
  return (
    <div className="grid min-h-dvh place-items-center">
      {/* Not the spinner that says a page needs a connection: offline, the check waits for the
          figures kept on the phone, then says itself when there are none (NoConnection). */}
      <Loading label={i18n._('auth.session.checking')} />
    </div>
  );
}
