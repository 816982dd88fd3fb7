import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { filsToAed } from '@jamiya/money/fils';
import { myAccountData } from '@jamiya/contracts/payments';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { localDate, periodLabel } from '../../lib/calendar.ts';
import { preparedPer } from '../../db/prepared.ts';
import { notAMember, selectInLiveSession, withSession } from '../sessions/public.ts';
import {
  accountSummaryColumns,
  toAccountSummary,
  type AccountFigures,
} from '../payments/public.ts';

/**
 * GET /api/my-account-data in one statement: the live session (placeholders `tokenHash`,
 * `now`, see sessionParams), its member and their account summary as of `today`. The sums are
 * left out when the member's account_version equals `knownVersion`: the caller kept them from
 * an earlier answer (-1 when it has none). The query plans of
 * test/query-plans.test.ts are taken of this very statement.
 */
export function accountDataQuery(db: Db) {
  return selectInLiveSession(db, {
    userId: users.id,
    role: users.role,
    isMember: users.isMember,
    status: users.status,
    uniqueId: users.uniqueId,
    name: users.name,
    accountVersion: users.accountVersion,
    ...accountSummaryColumns(sql.placeholder('today'), sql.placeholder('knownVersion')),
  });
}

const accountDataStatement = preparedPer((db) =>
  accountDataQuery(db).prepare('account_data'),
);

type AccountDataRow = Awaited<
  ReturnType<ReturnType<typeof accountDataStatement>['execute']>
>[number];

/** An answer of GET /api/my-account-data as sent, and what it was made of. */
export interface KeptAnswer {
  userId: number;
  today: string;
  accountVersion: number;
  figures: AccountFigures;
  /** Everything else the answer depends on (the member's row, the monthly due, the day). */
  key: string;
  json: string;
}

/**
 * The answer for a row of accountDataStatement. `kept` is the earlier answer whose version the
 * statement was given and found unchanged (its sums were then left out of the row): its
 * figures are used, and its text if nothing else changed either.
 */
export function accountAnswer(row: AccountDataRow, today: string, kept?: KeptAnswer): KeptAnswer {
  if (kept && kept.userId !== row.userId) throw new Error('a kept answer of another member');
  const figures: AccountFigures = kept
    ? kept.figures
    : {
        savingsDebitFils: row.savingsDebitFils,
        underReviewFils: row.underReviewFils,
        duesSubmissions: row.duesSubmissions,
        duesMonths: row.duesMonths,
        loanFils: row.loanFils,
      };
  const key = JSON.stringify([
    row.userId,
    row.accountVersion,
    today,
    String(row.monthlyDueFils),
    row.duesRules,
    row.payday,
    row.joinedOn,
    row.leftOn,
    row.leavingOn,
    row.name,
    row.uniqueId,
    row.status,
    row.createdAt.getTime(),
  ]);
  if (kept?.key === key) return kept;
  const summary = toAccountSummary(
    {
      ...figures,
      joinedOn: row.joinedOn,
      createdAt: row.createdAt,
      payday: row.payday,
      leftOn: row.leftOn,
      leavingOn: row.leavingOn,
      monthlyDueFils: row.monthlyDueFils,
      duesRules: row.duesRules,
    },
    today,
  );
  const answer: z.output<typeof myAccountData> = {
    myAccountData: {
      account_balance: filsToAed(summary.savingsFils),
      due_balance: filsToAed(summary.dueBalanceFils),
      under_review: filsToAed(summary.underReviewFils),
      current_period: summary.currentPeriod,
      loan_balance: filsToAed(summary.loanBalanceFils),
      monthly_due: filsToAed(summary.monthlyDueFils),
      account_holder_name: row.name,
      owner_data: {
        unique_id: row.uniqueId,
        name: row.name,
        status: row.status === 1 ? 1 : 0,
        created_at: row.createdAt.toISOString(),
      },
      monthlyPaymentData: summary.rows.map((r) => ({
        month: periodLabel(r.period),
        period: r.period,
        description: r.description,
        amount: filsToAed(r.amountFils),
        paid: filsToAed(r.paidFils),
        remaining: filsToAed(r.remainingFils),
        status: r.status,
        due_on: r.dueOn,
        fine: filsToAed(r.fineFils),
        fine_waived: filsToAed(r.fineWaivedFils),
        fine_on: r.fineOn,
        salary_late_on: r.salaryLateOn,
      })),
    },
  };
  return {
    userId: row.userId,
    today,
    accountVersion: row.accountVersion,
    figures,
    key,
    // Checked against the contract as the route's serializer would check it.
    json: JSON.stringify(z.encode(myAccountData, answer)),
  };
}

/**
 * GET /api/my-account-data: the session checked in the one statement that reads the account
 * (one round trip), its sums left out while `keptAnswers` holds them for this session's version
 * and day (docs/decisions/011-kept-account-answers.md). A member only (403 otherwise).
 */
export async function myAccountAnswer(
  app: FastifyInstance,
  request: FastifyRequest,
  keptAnswers: LRUCache<string, KeptAnswer>,
  now: Date,
): Promise<KeptAnswer> {
  const today = localDate(now);
  let tokenHash = '';
  let kept: KeptAnswer | undefined;
  let knownVersion = -1;
  const row = await withSession(app, request, now, async (params) => {
    tokenHash = params.tokenHash;
    kept = keptAnswers.get(tokenHash);
    knownVersion = kept?.today === today ? kept.accountVersion : -1;
    const [found] = await accountDataStatement(app.deps.db).execute({
      ...params,
      today,
      knownVersion,
    });
    return found;
  });
  if (!row.isMember) throw notAMember();
  const answer = accountAnswer(row, today, row.accountVersion === knownVersion ? kept : undefined);
  if (answer !== kept) keptAnswers.set(tokenHash, answer);
  return answer;
}
