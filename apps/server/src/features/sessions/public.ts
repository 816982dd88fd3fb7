// The door of sessions: who is signed in: sessions and the hooks routes check them with.
// What app.ts and other features may use of it; the rest is the feature's own.
export {
  actorOf,
  bearerToken,
  currentUser,
  currentUserRow,
  installAuth,
  notAMember,
  requireAdmin,
  requireCurrentMember,
  requireMember,
  requireUser,
  withSession,
} from './plugin.ts';
export {
  createSession,
  findSession,
  hashToken,
  liveSession,
  revokeOtherSessions,
  revokeSession,
  selectInLiveSession,
  type SessionPolicy,
  type SessionUser,
} from './sessions.ts';
