import { createHash } from 'node:crypto';
import { filsToAed, type Fils } from '@jamiya/money/fils';
import type { HandLine } from '@jamiya/contracts/accounts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { localDate, momentOfDay } from '../../lib/calendar.ts';
import { forbidden, unprocessable } from '../../lib/errors.ts';
import { aed, sentence } from '../../lib/i18n.ts';
import type { UploadedFile } from '../../lib/uploaded-file.ts';
import { audit } from '../audit/public.ts';
import {
  checkedUpload,
  insertFileRow,
  type FileStorage,
  type PendingUpload,
} from '../files/public.ts';
import { postEntry, usableAccount, type Usable } from '../ledger/public.ts';
import { notify, savingsEntryNotice } from '../notifications/public.ts';
import { refuseSavingsBelowHolds } from '../payments/public.ts';
import { withSecondAdmin, type Decision } from '../proposals/public.ts';

// An entry made by hand, for what never passes through the bank statement: cash spent from the
// cash box, a correction between accounts (docs/domain/accounts.md). It balances or is refused;
// it is two admins' when it moves cash, the cash box or a member's savings.

type Admin = Actor & { id: number };

export interface HandEntry {
  date: string;
  memo: string;
  lines: HandLine[];
  evidence: PendingUpload | null;
}

/** What the confirming admin repeats, and what tells two proposals apart. */
function digestOf(entry: HandEntry): string {
  const lines = entry.lines.map((l) => [l.account, l.debit ?? 0, l.credit ?? 0]);
  return createHash('sha256')
    .update(JSON.stringify([entry.date, entry.memo, lines]))
    .digest('hex')
    .slice(0, 24);
}

function refuseUnbalanced(lines: HandLine[]): void {
  const debits = lines.reduce((s, l) => s + (l.debit ?? 0), 0);
  const credits = lines.reduce((s, l) => s + (l.credit ?? 0), 0);
  if (debits === credits) return;
  const say = sentence(
    /*i18n*/ 'The entry does not balance: the debits are {debits} and the credits {credits}, {difference} apart.',
    { debits: aed(debits), credits: aed(credits), difference: aed(Math.abs(debits - credits)) },
  );
  throw unprocessable(say, { lines: [say] });
}

export async function postHandEntry(
  db: Db,
  entry: HandEntry,
  actor: Admin,
  now: Date,
): Promise<Decision<{ entryId: number }>> {
  if (entry.date > localDate(now))
    throw unprocessable(/*i18n*/ 'An entry is dated today or before.', {
      date: [/*i18n*/ 'Choose today or a day before.'],
    });
  refuseUnbalanced(entry.lines);
  return db.transaction(async (tx) => {
    const accounts: Usable[] = [];
    for (const [i, line] of entry.lines.entries())
      accounts.push(await usableAccount(tx, line.account, 'hand', `lines.${i}.account`));
    if (accounts.some((a) => a.memberId === actor.id))
      throw forbidden(/*i18n*/ 'You cannot make an entry on your own savings; another admin must.');
    const evidence = entry.evidence
      ? (await insertFileRow(tx, actor.id, 'journal_evidence', entry.evidence)).id
      : null;
    const lines = entry.lines.map((l, i) => ({
      account: accounts[i]!.ref,
      amountFils: (l.debit !== undefined ? l.debit : -(l.credit ?? 0)) as Fils,
    }));
    const members = accounts.flatMap((a, i) =>
      a.memberId === null ? [] : [{ userId: a.memberId, changeFils: -lines[i]!.amountFils }],
    );
    const carryOut = async (proposedBy: number | null, evidenceFileId: string | null) => {
      const entryId = await postEntry(tx, {
        kind: 'journal',
        memo: entry.memo,
        occurredAt: momentOfDay(entry.date, now),
        createdBy: actor.id,
        proposedBy,
        evidenceFileId,
        lines,
      });
      for (const m of members) {
        await refuseSavingsBelowHolds(tx, m.userId);
        await notify(tx, { ...savingsEntryNotice(m.userId, m.changeFils, entry.memo), at: now });
      }
      await audit(tx, {
        actorId: actor.id,
        action: 'journal.post',
        targetType: 'journal_entry',
        targetId: entryId,
        reason: entry.memo,
        details: { date: entry.date, lines: entry.lines, proposedBy },
        ip: actor.ip ?? null,
        at: now,
      });
      return { entryId };
    };
    if (!accounts.some((a) => a.isMoney || a.memberId !== null))
      return { done: await carryOut(null, evidence), proposal: null };
    return withSecondAdmin(
      tx,
      {
        action: 'journal.post',
        loanId: null,
        subject: `journal:${digestOf(entry)}`,
        amountFils: entry.lines.reduce((s, l) => s + (l.debit ?? 0), 0) as Fils,
        reason: entry.memo,
        details: {
          date: entry.date,
          memo: entry.memo,
          // As the call sends them (AED), for the confirming admin to send again.
          lines: entry.lines.map((l) => ({
            account: l.account,
            ...(l.debit === undefined ? {} : { debit: filsToAed(l.debit) }),
            ...(l.credit === undefined ? {} : { credit: filsToAed(l.credit) }),
          })),
          evidenceFileId: evidence,
          ...(members[0] ? { memberId: members[0].userId } : {}),
        },
      },
      actor,
      now,
      (open) => {
        const proposed = (open?.details as { evidenceFileId?: string | null } | null) ?? null;
        return carryOut(open?.proposedBy ?? null, proposed?.evidenceFileId ?? evidence);
      },
    );
  });
}

/**
 * The entry as the call sends it: its evidence is checked (and re-encoded) first, and the
 * moment of the entry is taken after the check, as the call took it.
 */
export async function postHandEntryWithEvidence(
  deps: { db: Db; storage: FileStorage },
  entry: Omit<HandEntry, 'evidence'> & { evidence?: UploadedFile | undefined },
  actor: Admin,
): Promise<Decision<{ entryId: number }>> {
  const { date, memo, lines, evidence } = entry;
  const checked = evidence ? await checkedUpload(deps.storage, evidence) : null;
  return postHandEntry(deps.db, { date, memo, lines, evidence: checked }, actor, new Date());
}
