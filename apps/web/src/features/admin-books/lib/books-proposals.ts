import type { CorrectionReason } from '@jamiya/contracts/values';
import { CORRECTION_REASONS } from './account-kinds.ts';
import type { FundProposal } from '../../../api/proposals.ts';
import type { EntryBody, EntryLineBody } from '../api/post-journal-entry.ts';

// What a proposal of the books asks, read from its details, so that a second admin confirms it
// by making the same call (docs/domain/maker-checker.md). Null for any other proposal, or for
// details not of the shape the server keeps.

type Details = Record<string, unknown> | null;

const isText = (v: unknown): v is string => typeof v === 'string';
const isAmount = (v: unknown): v is number => typeof v === 'number' && v > 0;

/** A correction proposed (`entry.reverse`): the entry and the reason, as the call takes them. */
export function reversalOf(
  proposal: FundProposal,
): { entryId: number; body: { reason_code: CorrectionReason; reason: string } } | null {
  const d = proposal.details as Details;
  if (proposal.action !== 'entry.reverse' || !d) return null;
  const { entryId, reasonCode, reason } = d;
  if (typeof entryId !== 'number' || !isText(reason)) return null;
  if (!CORRECTION_REASONS.includes(reasonCode as CorrectionReason)) return null;
  return { entryId, body: { reason_code: reasonCode as CorrectionReason, reason } };
}

function lineOf(value: unknown): EntryLineBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { account, debit, credit } = value as Record<string, unknown>;
  if (!isText(account)) return null;
  if (isAmount(debit) && credit === undefined) return { account, debit };
  if (isAmount(credit) && debit === undefined) return { account, credit };
  return null;
}

/**
 * An entry by hand proposed (`journal.post`): its day, memo and lines (AED), sent again as JSON;
 * its receipt is already kept with the proposal.
 */
export function handEntryOf(proposal: FundProposal): EntryBody | null {
  const d = proposal.details as Details;
  if (proposal.action !== 'journal.post' || !d) return null;
  const { date, memo, lines } = d;
  if (!isText(date) || !isText(memo) || !Array.isArray(lines)) return null;
  const read = lines.map(lineOf);
  if (read.some((l) => l === null)) return null;
  return { date, memo, lines: read as EntryLineBody[] };
}
