/** Who does something, as the audit log and a loan's history record it. */
export interface Actor {
  id: number | null;
  role: 'member' | 'admin' | 'system';
  ip?: string | null;
}
