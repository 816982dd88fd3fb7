import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getProfileQueryOptions } from '../../../api/get-profile.ts';
import { Spinner } from '../../../components/states.tsx';
import { onUnauthorized } from '../../../lib/api-client.ts';
import { useIsPageShell } from '../../../lib/page-shell.ts';
import {
  getCachedProfileId,
  getToken,
  setCachedProfileId,
  setHasMemberArea,
  clearToken,
} from '../../../lib/session-store.ts';

/**
 * The session check of docs/product.md 10.4: no token, a failed profile call, or a profile that is
 * not the one this token was issued for sends the member to /sign-in; so does any later 401.
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
        void navigate('/sign-in', { replace: true, state: { from: location.pathname } });
      }),
    [navigate, queryClient, location.pathname],
  );

  const profileId = profile.data?.userData.id;
  const cachedId = isPageShell ? null : getCachedProfileId();
  const isMismatch = profileId !== undefined && cachedId !== null && cachedId !== profileId;

  const isMember = profile.data?.userData.is_member;
  useEffect(() => {
    if (profileId !== undefined && cachedId === null) setCachedProfileId(profileId);
  }, [profileId, cachedId]);
  useEffect(() => {
    if (isMember !== undefined) setHasMemberArea(isMember);
  }, [isMember]);

  useEffect(() => {
    if (isMismatch || profile.isError) {
      clearToken();
      queryClient.clear();
    }
  }, [isMismatch, profile.isError, queryClient]);

  // The build's drawing of the page before its data: the same for everyone, nothing to check.
  if (isPageShell) return children;
  if (!token || profile.isError || isMismatch) {
    return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  }
  if (!profile.data) return <SessionCheck />;
  // An admin who is not a member has no member area (its calls answer 403): the admin area.
  if (profile.data.userData.is_member === false && isMemberArea(location.pathname))
    return <Navigate to="/admin" replace />;
  return children;
}

const isMemberArea = (path: string) => path === '/user' || path.startsWith('/user/');

/** While the session is checked; a signed-in page's HTML shows it before any script has run. */
export function SessionCheck() {
  const { t } = useTranslation('auth');
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner label={t('session.checking')} />
    </div>
  );
}
