import { useHandOver } from '../api/get-hand-over.ts';
import { LinkToHandOver } from './password-link-panel.tsx';

/**
 * The member's link to set a password that this admin issued or confirmed and nobody has used
 * yet (no mail carried it): the treasurer who proposed it finds it here once another admin
 * confirmed it. Nothing while there is none, or while it loads.
 */
export function HandOverCard({ memberId, email }: { memberId: number; email: string }) {
  const handOver = useHandOver(memberId);
  const handover = handOver.data?.handover;
  return handover ? (
    <LinkToHandOver handover={handover} emailed={false} email={email} headingLevel={2} />
  ) : null;
}
