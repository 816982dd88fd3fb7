import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { unprocessable } from '../../lib/errors.ts';
import { sentence, type Say } from '../../lib/i18n.ts';
import type { AccountRef } from './accounts.ts';
import { isBookable, isHandPostable } from './chart.ts';

// Which account a bank line may be booked to, or an entry by hand post to: the chart's (not
// retired, not kept by records of their own), and for a hand entry cash, the cash box and a
// member's savings (docs/domain/accounts.md).

export interface Usable {
  ref: AccountRef;
  code: string;
  /** Cash or the cash box: money in hand moves (two admins for money out). */
  isMoney: boolean;
  /** The member whose savings it is. */
  memberId: number | null;
}

const noSuchAccount = (code: string): Say =>
  sentence(/*i18n*/ 'There is no account {code}: choose one of the chart.', { code });

/**
 * The account `code` as a reference to post to, or 422 naming why not, under `field` (the form
 * field that chose it).
 */
export async function usableAccount(
  db: DbOrTx,
  code: string,
  use: 'book' | 'hand',
  field = 'account',
): Promise<Usable> {
  const refuse = (say: Say) => unprocessable(say, { [field]: [say] });
  const [kind, id] = code.split(':');
  if (kind === 'savings' && use === 'hand') {
    const userId = Number(id);
    const [member] = Number.isSafeInteger(userId)
      ? await db
          .select({ isMember: users.isMember, leftOn: users.leftOn })
          .from(users)
          .where(eq(users.id, userId))
      : [];
    if (!member?.isMember) throw refuse(noSuchAccount(code));
    if (member.leftOn !== null)
      throw refuse(/*i18n*/ 'This member has left: nothing is posted to their savings any more.');
    return { ref: { code: 'savings', userId }, code, isMoney: false, memberId: userId };
  }
  if (id !== undefined) {
    throw refuse(
      /*i18n*/ "A loan or a member's fines move only with the loan's or the fine's own records; choose another account.",
    );
  }
  const [account] = await db
    .select({ code: ledgerAccounts.code, retiredAt: ledgerAccounts.retiredAt })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.code, code),
        isNull(ledgerAccounts.userId),
        isNull(ledgerAccounts.loanId),
      ),
    );
  if (!account) throw refuse(noSuchAccount(code));
  if (account.retiredAt !== null)
    throw refuse(
      sentence(/*i18n*/ 'The account {code} is retired: put it back in use, or choose another.', {
        code,
      }),
    );
  if (!(use === 'book' ? isBookable(code) : isHandPostable(code)))
    throw refuse(
      code === 'cash'
        ? /*i18n*/ 'A bank line is the cash side already: choose the account the money is for.'
        : /*i18n*/ 'This account moves only with its own records (loans, fines, the import); choose another.',
    );
  const isMoney = code === 'cash' || code === 'cash_box';
  const ref: AccountRef =
    code === 'cash'
      ? { code: 'cash' }
      : code === 'cash_box'
        ? { code: 'cash_box' }
        : { code: 'chart', account: code };
  return { ref, code, isMoney, memberId: null };
}
