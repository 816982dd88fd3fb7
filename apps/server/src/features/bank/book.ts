import type { Fils } from '@jamiya/money/fils';
import type { BookLineBody } from '@jamiya/contracts/bank-lines';
import type { Language } from '@jamiya/contracts/languages';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { momentOfDay } from '../../lib/calendar.ts';
import { postEntry, usableAccount } from '../ledger/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';
import { getSettings } from '../settings/public.ts';
import { linkLine, lockOpenLine } from './links.ts';
import type { LineRow } from './statements.ts';
import { bookedAccounts } from './views.ts';

// A bank line that is no member's money, booked to one of the association's accounts in one
// step: one balanced entry dated the line's day, linked to the line (docs/domain/accounts.md).
// Money out is two admins' when two are active, as any payout; a bank charge, or bank interest,
// within the settings' limit is one admin's: the bank has already moved that money.

type Admin = Actor & { id: number };

/** What the bank moves on its own, which one admin may book up to the limit. */
const BANK_OWN = new Set(['bank_charges', 'bank_interest']);

export interface Booked {
  line: LineRow;
  entryId: number;
}

async function bookLine(
  db: Db,
  lineId: number,
  body: BookLineBody,
  actor: Admin,
  now: Date,
): Promise<Decision<Booked>> {
  return db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, lineId);
    const account = await usableAccount(tx, body.account, 'book');
    const memo = body.memo?.trim() || line.text;
    const amountFils = Math.abs(line.amountFils) as Fils;
    const carryOut = async (proposedBy: number | null, memo: string): Promise<Booked> => {
      const entryId = await postEntry(tx, {
        kind: 'booking',
        memo,
        occurredAt: momentOfDay(line.bookedOn, now),
        createdBy: actor.id,
        proposedBy,
        lines: [
          { account: { code: 'cash' }, amountFils: line.amountFils },
          { account: account.ref, amountFils: -line.amountFils },
        ],
      });
      await linkLine(tx, lineId, { paymentId: null, entryId }, actor, now, 'book');
      return { line: { ...line, entryId, linkKind: 'book' }, entryId };
    };
    const { oneAdminBankFeeFils } = await getSettings(tx);
    const oneAdmin =
      line.amountFils > 0 || (BANK_OWN.has(account.code) && amountFils <= oneAdminBankFeeFils);
    if (oneAdmin) return { done: await carryOut(null, memo), proposal: null };
    return withSecondAdmin(
      tx,
      {
        action: 'bank.book',
        loanId: null,
        subject: `bank_line:${lineId}`,
        amountFils,
        details: { lineId, account: account.code, memo },
      },
      actor,
      now,
      // The memo the proposer wrote stands, whatever the confirming call says.
      (open) =>
        carryOut(
          open?.proposedBy ?? null,
          (open?.details as { memo?: string } | null)?.memo ?? memo,
        ),
      (open) =>
        (open.details as { account?: string } | null)?.account === account.code
          ? null
          : /*i18n*/ 'Another admin proposed booking this line to another account; confirm that, or withdraw it first.',
    );
  });
}

/** A line booked (bookLine), and once done the account it went to, named in `language`. */
export async function bookLineNamed(
  db: Db,
  lineId: number,
  body: BookLineBody,
  actor: Admin,
  now: Date,
  language: Language,
): Promise<Decision<Booked & { booked: Map<number, { code: string; name: string }> }>> {
  const decision = await bookLine(db, lineId, body, actor, now);
  if ('proposed' in decision) return decision;
  const booked = await bookedAccounts(db, [decision.done.line], language);
  return { ...decision, done: { ...decision.done, booked } };
}
