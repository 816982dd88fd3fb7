import type { UserData } from '@jamiya/contracts/profile';
import type { users } from '../../db/schema/users.ts';
import { fileUrl } from '../files/public.ts';
import type { MemberRef } from './member-refs.ts';

export type User = typeof users.$inferSelect;

/** Who the user is, as the treasurer's lists name them. */
export function toMemberRef(user: User): MemberRef {
  return { id: user.id, unique_id: user.uniqueId, name: user.name };
}

export function toUserData(user: User): UserData {
  return {
    ...toMemberRef(user),
    email: user.email,
    mobile: user.mobile,
    address: user.address,
    gender: user.gender,
    profession_id: user.professionId,
    status: user.status === 1 ? 1 : 0,
    role: user.role,
    is_member: user.isMember,
    image: fileUrl(user.imageFileId),
    wallet: user.wallet,
    payday: user.payday,
    left_on: user.leftOn,
    language: user.language,
    created_at: user.createdAt.toISOString(),
  };
}
