// The door of users: the users' table: a user's row, how others name them, creating one.
// What app.ts and other features may use of it; the rest is the feature's own.
export {
  createMembersWithoutPassword,
  createUser,
  type BroughtInMember,
  type NewUser,
} from './create-user.ts';
export { memberRefsById, type MemberRef } from './member-refs.ts';
export { toMemberRef, toUserData, type User } from './user-data.ts';
