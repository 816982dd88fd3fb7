import type { ReactNode } from 'react';
import { useProfile } from '../../../api/get-profile.ts';

/**
 * Inside RequireSession: an admin sees the admin area; anyone else gets `fallback` (the
 * not-found page), so a member learns nothing about what lies under /admin.
 */
export function RequireAdmin({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const profile = useProfile();
  if (!profile.data) return null;
  return profile.data.userData.role === 'admin' ? children : fallback;
}
