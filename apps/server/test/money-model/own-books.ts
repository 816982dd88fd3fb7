// The money model's part for the association's own books (issue 49; docs/domain/accounts.md,
// reconciliation.md, maker-checker.md): bank lines booked to an account, entries by hand,
// lines linked by hand to a member's payment and unlinked, and corrections by reversal of a
// due, a booking or an entry by hand. money-model.test.ts registers the steps, keeps the model
// (`Model.books`) and calls `verify` after every step; it lends the helpers it owns (`Kit`).
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Fils } from '@jamiya/money/fils';
import { localDate } from '../../src/lib/calendar.ts';
import { bearer, rowsOf } from '../harness.ts';
import { importStatement, lineIdsOf } from '../support/own-books.ts';
import type {
  MemberModel,
  Model,
  MonthModel,
  PaymentModel,
  Real,
  Step,
} from '../money-model.test.ts';

/** The association's accounts of a new chart, which the model books to and moves by hand. */
const OWN_ACCOUNTS = [
  'bank_charges',
  'bank_interest',
  'meeting_costs',
  'stationery',
  'other_income',
  'other_expenses',
] as const;
type OwnAccount = (typeof OWN_ACCOUNTS)[number];
/** What the bank moves on its own: one admin books it up to the limit (AED 100, the default). */
const BANK_OWN: readonly string[] = ['bank_charges', 'bank_interest'];
const ONE_ADMIN_BANK_FEE: Fils = 10_000;
const REASONS = [
  'wrong_member',
  'wrong_month',
  'wrong_amount',
  'duplicate',
  'wrong_account',
  'other',
] as const;
type Reason = (typeof REASONS)[number];

/** Postings by account code (`cash`, `cash_box`, `stationery`, `savings:<userId>`...), debits above 0. */
type Postings = Record<string, Fils>;

/** A line of the bank's statement, imported for a step. */
interface LineModel {
  id: number;
  /** Money in above 0, out below. */
  amountFils: Fils;
  /** Linked by hand to a payment, or booked to an account; null while open. */
  link: 'hand' | 'book' | null;
  paymentId: number | null;
  entryId: number | null;
  /** An open proposal to book it to `account`, and its admin. */
  proposal: { account: string; by: number } | null;
}
/** An entry of the journal the model made (a booking, by hand, a correction) or corrected (a due). */
interface EntryModel {
  id: number;
  kind: 'booking' | 'journal' | 'reversal' | 'dues';
  postings: Postings;
  /** The admin (0, 1) who proposed it, null when made by one; the admin who made it (a due: null). */
  proposedBy: number | null;
  createdBy: number | null;
  reverses: number | null;
  reversedBy: number | null;
  /** The payment a due recorded. */
  paymentId: number | null;
  /** An open proposal to correct it, its reason and its admin. */
  reverseProposal: { reason: Reason; by: number } | null;
}
interface HandBody {
  date: string;
  memo: string;
  lines: Array<{ account: string; debit?: string; credit?: string }>;
}
export interface OwnBooks {
  cashBoxFils: Fils;
  /** Each of the association's accounts: debits less credits. */
  accounts: Record<OwnAccount, Fils>;
  lines: LineModel[];
  entries: EntryModel[];
  /** Entries by hand proposed and waiting for a second admin, with what they post. */
  handProposals: Array<{ body: HandBody; postings: Postings; by: number }>;
  /** Entries by hand sent so far: each has a memo of its own. */
  sent: number;
}
export const newOwnBooks = (): OwnBooks => ({
  cashBoxFils: 0,
  accounts: Object.fromEntries(OWN_ACCOUNTS.map((code) => [code, 0])) as Record<OwnAccount, Fils>,
  lines: [],
  entries: [],
  handProposals: [],
  sent: 0,
});

/** What money-model.test.ts lends: its steps' frame, its calls and its rules. */
export interface Kit {
  step(
    label: string,
    check: (model: Readonly<Model>) => boolean,
    run: (model: Model, real: Real) => Promise<void>,
  ): Step;
  call(
    model: Model,
    real: Real,
    options: InjectOptions,
    expected: number,
  ): Promise<LightMyRequestResponse>;
  signerAnswer(
    model: Readonly<Model>,
    who: number,
    open: { by: number } | null | undefined,
    options?: { refused?: number | null },
  ): number;
  monthOf(m: MemberModel, period: string): MonthModel;
  heldFrom(model: Readonly<Model>, j: number): Fils;
  hasLeft(m: MemberModel): boolean;
  approvalRefusal(model: Readonly<Model>, p: PaymentModel, appliedFils: Fils): number | null;
  approveInModel(model: Model, p: PaymentModel, appliedFils: Fils): void;
  aed(f: Fils): string;
  fils(value: unknown): Fils;
}

type ArgsOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
const admin = fc.nat({ max: 1 });
/** `usual` five times in six: a hit (a proposal confirmed, when one is open) is mostly drawn. */
const mostly = <T>(usual: T, rare: T) =>
  fc.oneof(
    { arbitrary: fc.constant(usual), weight: 5 },
    { arbitrary: fc.constant(rare), weight: 1 },
  );
const today = () => localDate(new Date());
const negated = (postings: Postings): Postings =>
  Object.fromEntries(Object.entries(postings).map(([code, f]) => [code, 0 - f]));
const savingsCode = (m: MemberModel) => `savings:${m.userId}`;
/** The member whose savings `code` is, or -1. */
const memberOfCode = (model: Readonly<Model>, code: string) =>
  model.members.findIndex((m) => savingsCode(m) === code);
const activeAdmin = (model: Readonly<Model>) => model.admins.findIndex((a) => a.active);

/** The postings carried out on the model: cash, the cash box, the accounts, the savings. */
function post(model: Model, postings: Postings): void {
  for (const [code, f] of Object.entries(postings)) {
    if (code === 'cash') model.cashFils += f;
    else if (code === 'cash_box') model.books.cashBoxFils += f;
    else if (code.startsWith('savings:'))
      model.members[memberOfCode(model, code)]!.savingsFils -= f;
    // A member's fines owed follow their months (a due's correction reopens its month).
    else if (!code.startsWith('fines:')) model.books.accounts[code as OwnAccount] += f;
  }
}

export function ownBooks(kit: Kit) {
  /**
   * Whether posting this is refused (409): cash or the cash box would go below zero, or a
   * member's savings below zero or below what their guarantees hold.
   */
  const refusedPosting = (model: Readonly<Model>, postings: Postings): boolean =>
    model.cashFils + (postings.cash ?? 0) < 0 ||
    model.books.cashBoxFils + (postings.cash_box ?? 0) < 0 ||
    Object.entries(postings).some(([code, f]) => {
      const j = memberOfCode(model, code);
      if (j < 0) return false;
      const after = model.members[j]!.savingsFils - f;
      return after < 0 || after < kit.heldFrom(model, j);
    });
  /** Whether the postings move the savings of a member who left: nothing posts there any more. */
  const onLeftSavings = (model: Readonly<Model>, postings: Postings): boolean =>
    Object.keys(postings).some((code) => {
      const j = memberOfCode(model, code);
      return j >= 0 && kit.hasLeft(model.members[j]!);
    });

  /** A statement of one line, imported by an active admin: the line, open. */
  async function importLine(model: Model, real: Real, amountFils: Fils): Promise<LineModel> {
    const ref = `REF-${model.books.lines.length + 1}`;
    const text = amountFils > 0 ? 'INWARD TRANSFER' : 'OUTWARD PAYMENT';
    const { response, statementId } = await importStatement(
      real.t.app,
      real.adminTokens[activeAdmin(model)]!,
      [{ day: today(), amountFils, ref, text }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const line: LineModel = {
      id: (await lineIdsOf(real.t.db, statementId)).get(ref)!,
      amountFils,
      link: null,
      paymentId: null,
      entryId: null,
      proposal: null,
    };
    model.books.lines.push(line);
    return line;
  }

  /**
   * A bank line booked to an account (`POST /bank-lines/:id/book`): a line of its own (`new`) or
   * one of those held, open or not (`held`); a hit confirms a proposal as the other admin. Money
   * in, and a bank charge or bank interest within AED 100, are one admin's; other money out is
   * proposed (202) and carried out by another admin with the same account (201). A line taken is
   * 409, an account cash or kept by its own records 422, cash or the cash box short 409.
   */
  const bookArgs = fc.record({
    n: fc.nat(),
    h: mostly(true, false),
    k: admin,
    held: mostly(false, true),
    amountFils: fc.constantFrom<Fils>(-2_625, -10_000, -10_001, -45_000, -120_000, 1_234, 30_000),
    account: fc.oneof(
      { arbitrary: fc.constantFrom('bank_charges', 'cash_box'), weight: 6 },
      { arbitrary: fc.constantFrom(...OWN_ACCOUNTS), weight: 6 },
      { arbitrary: fc.constantFrom('cash', 'interest_income'), weight: 1 },
    ),
  });
  const bookStep = ({ n, h, k, held, amountFils, account }: ArgsOf<typeof bookArgs>) =>
    kit.step(
      `bookLine(${held ? `line#${n}` : kit.aed(Math.abs(amountFils)) + (amountFils < 0 ? ' out' : ' in')}${h ? '*' : ''}, ${account}, a${k})`,
      () => true,
      async (model, real) => {
        const { lines } = model.books;
        const proposed = lines.filter((l) => l.proposal !== null);
        const line =
          h && proposed.length
            ? proposed[n % proposed.length]!
            : held && lines.length
              ? lines[n % lines.length]!
              : await importLine(model, real, amountFils);
        const open = line.proposal;
        const who = h && open ? 1 - open.by : k;
        const to = h && open ? open.account : account;
        const postings = { cash: line.amountFils, [to]: -line.amountFils };
        const refused = refusedPosting(model, postings) ? 409 : null;
        const oneAdmin =
          line.amountFils > 0 || (BANK_OWN.includes(to) && -line.amountFils <= ONE_ADMIN_BANK_FEE);
        const expected = !model.admins[who]!.active
          ? 403
          : line.link !== null
            ? 409
            : to === 'cash' || to === 'interest_income'
              ? 422
              : oneAdmin
                ? (refused ?? 201)
                : kit.signerAnswer(model, who, open, {
                    refused: open && open.account !== to ? 409 : refused,
                  });
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/bank-lines/${line.id}/book`,
            payload: { account: to, memo: `Booked by a${who}` },
            headers: bearer(real.adminTokens[who]!),
          },
          expected === 200 ? 201 : expected,
        );
        if (expected === 202) line.proposal = { account: to, by: who };
        if (expected !== 200 && expected !== 201) return;
        const { entry_id: entryId, line: view } = res.json();
        expect([view.link, view.booked_to?.code, view.entry_id]).toEqual(['book', to, entryId]);
        model.books.entries.push({
          id: entryId,
          kind: 'booking',
          postings,
          proposedBy: oneAdmin ? null : (open?.by ?? null),
          createdBy: who,
          reverses: null,
          reversedBy: null,
          paymentId: null,
          reverseProposal: null,
        });
        post(model, postings);
        Object.assign(line, { link: 'book', entryId, paymentId: null, proposal: null });
      },
    );

  /** The lines of an entry by hand, of each kind the model sends, for an amount and a member. */
  const handKinds = {
    between: (a: Fils) => ({ stationery: a, meeting_costs: -a }),
    fromBox: (a: Fils) => ({ meeting_costs: a, cash_box: -a }),
    toBox: (a: Fils) => ({ cash_box: a, cash: -a }),
    income: (a: Fils) => ({ cash: a, other_income: -a }),
    toSavings: (a: Fils, m: MemberModel) => ({ other_expenses: a, [savingsCode(m)]: -a }),
    fromSavings: (a: Fils, m: MemberModel) => ({ [savingsCode(m)]: a, cash: -a }),
    unbalanced: (a: Fils) => ({ stationery: a, other_expenses: 1 - a }),
  };
  /**
   * An entry by hand (`POST /journal-entries`), dated today: between two of the association's
   * accounts (one admin), or moving cash, the cash box or member i's savings (proposed, 202;
   * carried out by another admin sending the same lines, 201); a hit confirms a proposal.
   * Refused: lines that do not balance or the savings of a member who left (422), cash, the
   * cash box or savings short (409).
   */
  const handArgs = fc.record({
    kind: fc.constantFrom(...(Object.keys(handKinds) as Array<keyof typeof handKinds>)),
    i: fc.nat({ max: 2 }),
    amountFils: fc.constantFrom<Fils>(4_500, 12_000, 30_000, 75_000),
    n: fc.nat(),
    h: mostly(true, false),
    k: admin,
  });
  const handStep = ({ kind, i, amountFils, n, h, k }: ArgsOf<typeof handArgs>) =>
    kit.step(
      `handEntry(${kind}, ${kit.aed(amountFils)}${kind.includes('Savings') ? `, m${i}` : ''}${h ? '*' : ''}, a${k})`,
      () => true,
      async (model, real) => {
        const { handProposals } = model.books;
        const open = h && handProposals.length ? handProposals[n % handProposals.length]! : null;
        const who = open ? 1 - open.by : k;
        const member = model.members[i % model.members.length]!;
        const postings = open?.postings ?? handKinds[kind](amountFils, member);
        const body = open?.body ?? {
          date: today(),
          memo: `Entry ${(model.books.sent += 1)} by hand`,
          lines: Object.entries(postings).map(([account, f]) =>
            f > 0 ? { account, debit: kit.aed(f) } : { account, credit: kit.aed(-f) },
          ),
        };
        const balanced = Object.values(postings).reduce((s, f) => s + f, 0) === 0;
        const moves = Object.keys(postings).some(
          (code) => code === 'cash' || code === 'cash_box' || code.startsWith('savings:'),
        );
        const refused = refusedPosting(model, postings) ? 409 : null;
        const expected = !model.admins[who]!.active
          ? 403
          : !balanced || onLeftSavings(model, postings)
            ? 422
            : moves
              ? kit.signerAnswer(model, who, open, { refused })
              : (refused ?? 201);
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: '/api/admin/journal-entries',
            payload: body,
            headers: bearer(real.adminTokens[who]!),
          },
          expected === 200 ? 201 : expected,
        );
        if (expected === 202) handProposals.push({ body, postings, by: who });
        if (expected !== 200 && expected !== 201) return;
        if (open) handProposals.splice(handProposals.indexOf(open), 1);
        model.books.entries.push({
          id: res.json().entry_id,
          kind: 'journal',
          postings,
          proposedBy: open?.by ?? null,
          createdBy: who,
          reverses: null,
          reversedBy: null,
          paymentId: null,
          reverseProposal: null,
        });
        post(model, postings);
      },
    );

  /**
   * A line linked by hand (`POST /bank-lines/:id/link`) to a member's receipt waiting (which the
   * link approves, as an approval of its amount) or to a payment approved: a new line of the
   * payment's amount, one of another amount (422), or a line taken (409). A payment rejected or
   * corrected, or on another line, is 409; an approval refused is refused alike.
   */
  const linkArgs = fc.record({
    n: fc.nat(),
    waiting: fc.boolean(),
    k: admin,
    line: fc.oneof(
      { arbitrary: fc.constant('same' as const), weight: 5 },
      { arbitrary: fc.constant('other' as const), weight: 1 },
      { arbitrary: fc.constant('taken' as const), weight: 1 },
    ),
  });
  const linkStep = ({ n, waiting, k, line: which }: ArgsOf<typeof linkArgs>) =>
    kit.step(
      `linkLine(#${n}${waiting ? ' waiting' : ' approved'}, ${which} line, a${k})`,
      (model) => model.payments.length > 0,
      async (model, real) => {
        const wanted = model.payments.filter(
          (p) => p.status === (waiting ? 'pending' : 'approved'),
        );
        const from = wanted.length ? wanted : model.payments;
        const p = from[n % from.length]!;
        const paidFils = p.approved?.amountFils ?? p.amountFils;
        const taken = model.books.lines.filter((l) => l.link !== null);
        const line =
          which === 'taken' && taken.length
            ? taken[n % taken.length]!
            : await importLine(model, real, paidFils + (which === 'other' ? 100 : 0));
        const elsewhere = model.books.lines.some((l) => l.paymentId === p.id);
        const expected = !model.admins[k]!.active
          ? 403
          : line.link !== null
            ? 409
            : line.amountFils <= 0
              ? 422
              : p.status === 'rejected' || p.status === 'reversed'
                ? 409
                : line.amountFils !== paidFils
                  ? 422
                  : elsewhere
                    ? 409
                    : p.status === 'pending'
                      ? (kit.approvalRefusal(model, p, paidFils) ?? 200)
                      : 200;
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/bank-lines/${line.id}/link`,
            payload: { payment_id: p.id },
            headers: bearer(real.adminTokens[k]!),
          },
          expected,
        );
        if (expected !== 200) return;
        const view = res.json();
        expect([view.approved, view.line.link, view.line.payment_id]).toEqual([
          p.status === 'pending',
          'hand',
          p.id,
        ]);
        if (p.status === 'pending') kit.approveInModel(model, p, paidFils);
        Object.assign(line, { link: 'hand', paymentId: p.id, entryId: view.line.entry_id });
      },
    );

  /**
   * A wrong link undone (`POST /bank-lines/:id/unlink`), mostly of a line linked by hand: the
   * line and the payment open again, the books untouched. A line open or booked is 409.
   */
  const unlinkArgs = fc.record({ n: fc.nat(), h: mostly(true, false), k: admin });
  const unlinkStep = ({ n, h, k }: ArgsOf<typeof unlinkArgs>) =>
    kit.step(
      `unlinkLine(line#${n}${h ? '*' : ''}, a${k})`,
      (model) => model.books.lines.length > 0,
      async (model, real) => {
        const { lines } = model.books;
        const linked = lines.filter((l) => l.link === 'hand');
        const line = h && linked.length ? linked[n % linked.length]! : lines[n % lines.length]!;
        const expected = !model.admins[k]!.active ? 403 : line.link === 'hand' ? 200 : 409;
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/bank-lines/${line.id}/unlink`,
            headers: bearer(real.adminTokens[k]!),
          },
          expected,
        );
        if (expected !== 200) return;
        expect(res.json().line).toMatchObject({ link: null, payment_id: null, entry_id: null });
        Object.assign(line, { link: null, paymentId: null, entryId: null });
      },
    );

  /** The entry that recorded approved due p, as the journal lists it and the model knows it. */
  async function duesEntryOf(model: Model, real: Real, p: PaymentModel): Promise<EntryModel> {
    const known = model.books.entries.find((e) => e.kind === 'dues' && e.paymentId === p.id);
    if (known) return known;
    const m = model.members[p.member]!;
    const { amountFils, savingsFils } = p.approved!;
    const listed = (await journal(model, real, `kind=dues&member_id=${m.userId}`)).find(
      (e) => e.payment_id === p.id,
    );
    const entry: EntryModel = {
      id: listed!.id,
      kind: 'dues',
      postings: Object.fromEntries(
        Object.entries({
          cash: amountFils,
          [savingsCode(m)]: -savingsFils,
          [`fines:${m.userId}`]: savingsFils - amountFils,
        }).filter(([, f]) => f !== 0),
      ),
      proposedBy: null,
      createdBy: null,
      reverses: null,
      reversedBy: null,
      paymentId: p.id,
      reverseProposal: null,
    };
    expect(postingsOf(kit, listed!)).toEqual(entry.postings);
    model.books.entries.push(entry);
    return entry;
  }

  /**
   * A correction by reversal (`POST /journal-entries/:id/reverse`) of a due approved (its
   * payment reversed, its month open again, the member's savings and fines as before it), a
   * booking (its line open again), an entry by hand, or a correction (409); an entry already
   * corrected is 409, a reason left blank 422. Proposed (202) and carried out by another admin
   * with the same reason (200); a hit confirms a proposal. Refused (409) when cash, the cash box
   * or the member's savings (below what their guarantees hold) would not cover it, and when it
   * would move the savings of a member who left.
   */
  const reverseArgs = fc.record({
    target: fc.oneof(
      { arbitrary: fc.constant('dues' as const), weight: 3 },
      { arbitrary: fc.constant('booking' as const), weight: 2 },
      { arbitrary: fc.constant('journal' as const), weight: 2 },
      { arbitrary: fc.constant('reversal' as const), weight: 1 },
    ),
    n: fc.nat(),
    h: mostly(true, false),
    k: admin,
    reason: fc.constantFrom(...REASONS),
    blank: mostly(false, true),
  });
  const reverseStep = ({ target, n, h, k, reason, blank }: ArgsOf<typeof reverseArgs>) =>
    kit.step(
      `reverse(${target}#${n}${h ? '*' : ''}, a${k}, ${reason}${blank ? ', blank' : ''})`,
      (model) =>
        model.books.entries.length > 0 ||
        model.payments.some((p) => p.kind === 'dues' && p.approved !== null),
      async (model, real) => {
        const { entries } = model.books;
        const proposed = entries.filter((e) => e.reverseProposal !== null);
        const dues = model.payments.filter((p) => p.kind === 'dues' && p.approved !== null);
        const ofKind = entries.filter((e) => e.kind === target);
        const entry =
          h && proposed.length
            ? proposed[n % proposed.length]!
            : target === 'dues' && dues.length
              ? await duesEntryOf(model, real, dues[n % dues.length]!)
              : ofKind.length
                ? ofKind[n % ofKind.length]!
                : entries.length
                  ? entries[n % entries.length]!
                  : await duesEntryOf(model, real, dues[n % dues.length]!);
        const open = entry.reverseProposal;
        const who = h && open ? 1 - open.by : k;
        const why = h && open ? open.reason : reason;
        const undo = negated(entry.postings);
        const p = model.payments.find((x) => x.id === entry.paymentId) ?? null;
        // A month's payments pay its due, then its fine, in the order approved: the latest is
        // corrected first.
        const sameMonth = p
          ? model.payments.filter(
              (x) =>
                x !== p &&
                x.kind === 'dues' &&
                x.member === p.member &&
                x.period === p.period &&
                x.status === 'approved' &&
                x.approved !== null,
            )
          : [];
        let laterOfMonth = false;
        for (const x of sameMonth)
          if ((await duesEntryOf(model, real, x)).id > entry.id) laterOfMonth = true;
        const refused =
          laterOfMonth ||
          (open && open.reason !== why) ||
          refusedPosting(model, undo) ||
          onLeftSavings(model, undo) ||
          (p !== null && kit.hasLeft(model.members[p.member]!))
            ? 409
            : null;
        const expected = !model.admins[who]!.active
          ? 403
          : blank
            ? 422
            : entry.kind === 'reversal' || entry.reversedBy !== null
              ? 409
              : kit.signerAnswer(model, who, open, { refused });
        const res = await kit.call(
          model,
          real,
          {
            method: 'POST',
            url: `/api/admin/journal-entries/${entry.id}/reverse`,
            payload: { reason_code: why, reason: blank ? ' ' : `Corrected by a${who}: ${why}` },
            headers: bearer(real.adminTokens[who]!),
          },
          expected,
        );
        // Refused before its route runs, a blank reason keeps nothing to replay.
        if (blank) model.last = null;
        if (expected === 202) entry.reverseProposal = { reason: why, by: who };
        if (expected !== 200) return;
        const line = model.books.lines.find((l) => l.entryId === entry.id) ?? null;
        const done = res.json();
        expect([done.entry_id, done.payment_id, done.line_id]).toEqual([
          entry.id,
          p?.id ?? null,
          line?.id ?? null,
        ]);
        entries.push({
          id: done.reversal_entry_id,
          kind: 'reversal',
          postings: undo,
          proposedBy: open?.by ?? null,
          createdBy: who,
          reverses: entry.id,
          reversedBy: null,
          paymentId: entry.paymentId,
          reverseProposal: null,
        });
        entry.reversedBy = done.reversal_entry_id;
        entry.reverseProposal = null;
        post(model, undo);
        if (line) Object.assign(line, { link: null, paymentId: null, entryId: null });
        if (p) {
          // The due's month is open again: what the payment paid of it is unpaid.
          const m = model.members[p.member]!;
          const month = kit.monthOf(m, p.period!);
          m.months.set(p.period!, { ...month, paidFils: month.paidFils - p.approved!.amountFils });
          p.status = 'reversed';
        }
      },
    );

  const book = bookArgs.map(bookStep);
  const hand = handArgs.map(handStep);
  const link = linkArgs.map(linkStep);
  const unlink = unlinkArgs.map(unlinkStep);
  const reverse = reverseArgs.map(reverseStep);
  return {
    // Repeated entries are drawn more often: a proposal and its confirmation are two draws.
    commands: [book, book, book, hand, hand, hand, link, link, unlink, reverse, reverse, reverse],
    steps: { bookStep, handStep, linkStep, unlinkStep, reverseStep },
    verify: (model: Model, real: Real) => verify(kit, model, real),
  };
}

interface JournalView {
  id: number;
  kind: string;
  proposed_by: { id: number } | null;
  created_by: { id: number } | null;
  reverses_entry_id: number | null;
  reversed_by_entry_id: number | null;
  reversible: boolean;
  payment_id: number | null;
  bank_line_id: number | null;
  postings: Array<{ account_code: string; debit: number; credit: number }>;
}
/** An entry's postings as the journal lists them, by account, in fils. */
function postingsOf(kit: Kit, e: JournalView): Postings {
  const sums: Postings = {};
  for (const p of e.postings)
    sums[p.account_code] = (sums[p.account_code] ?? 0) + kit.fils(p.debit) - kit.fils(p.credit);
  return sums;
}
/** The journal's entries (GET /api/admin/ledger/entries), every page, as an active admin reads it. */
async function journal(model: Readonly<Model>, real: Real, query: string): Promise<JournalView[]> {
  const items: JournalView[] = [];
  let cursor: string | null = null;
  do {
    const res = await real.t.app.inject({
      url: `/api/admin/ledger/entries?limit=100${query && `&${query}`}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: bearer(real.adminTokens[activeAdmin(model)]!),
    });
    expect(res.statusCode, res.body).toBe(200);
    items.push(...(res.json().items as JournalView[]));
    cursor = res.json().next_cursor as string | null;
  } while (cursor);
  return items;
}

/**
 * After every step: the trial balance balances and gives cash, the cash box, the association's
 * accounts and each member's savings as the model does, and so does the chart (with the
 * postings of each account); the journal's bookings, entries by hand and corrections are the
 * model's, with who proposed and who made each, what each corrects and the line each books;
 * every bank line is linked or booked as the model says (a line linked by hand to its payment's
 * entry); the statement of each member whose savings such entries moved lists them, with what
 * each did to the savings, and closes at the model's savings.
 */
async function verify(kit: Kit, model: Model, real: Real): Promise<void> {
  const { books } = model;
  const get = async (url: string, token = real.adminTokens[activeAdmin(model)]!) => {
    const res = await real.t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const balances: Record<string, Fils> = {
    cash: model.cashFils,
    cash_box: books.cashBoxFils,
    ...books.accounts,
    ...Object.fromEntries(model.members.map((m) => [savingsCode(m), 0 - m.savingsFils])),
  };
  const tb = await get('/api/admin/ledger/trial-balance');
  expect([tb.balanced, tb.total_debits]).toEqual([true, tb.total_credits]);
  const listed = new Map<string, Fils>(
    (tb.accounts as Array<{ code: string; balance: number }>).map((a) => [
      a.code,
      kit.fils(a.balance),
    ]),
  );
  expect(Object.keys(balances).map((code) => [code, listed.get(code) ?? 0])).toEqual(
    Object.entries(balances),
  );
  const made = books.entries.filter((e) => e.kind !== 'dues');
  const own = ['cash_box', ...OWN_ACCOUNTS];
  const chart = (await get('/api/admin/accounts')).items as Array<{
    code: string;
    balance: number;
    postings: number;
  }>;
  expect(
    own.map((code) => {
      const a = chart.find((x) => x.code === code);
      return [code, a && kit.fils(a.balance), a?.postings];
    }),
  ).toEqual(
    own.map((code) => [
      code,
      balances[code],
      made.filter((e) => e.postings[code] !== undefined).length,
    ]),
  );
  const admins = model.admins.map((a) => a.userId);
  const entries = (await journal(model, real, '')).filter((e) =>
    ['booking', 'journal', 'reversal'].includes(e.kind),
  );
  const lineOf = (id: number) => books.lines.find((l) => l.entryId === id)?.id ?? null;
  expect(
    entries
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        proposedBy: e.proposed_by?.id ?? null,
        createdBy: e.created_by?.id ?? null,
        reverses: e.reverses_entry_id,
        reversedBy: e.reversed_by_entry_id,
        reversible: e.reversible,
        lineId: e.bank_line_id,
        postings: postingsOf(kit, e),
      }))
      .sort((a, b) => a.id - b.id),
  ).toEqual(
    made
      .map((e) => ({
        id: e.id,
        kind: e.kind,
        proposedBy: e.proposedBy === null ? null : admins[e.proposedBy],
        createdBy: e.createdBy === null ? null : admins[e.createdBy],
        reverses: e.reverses,
        reversedBy: e.reversedBy,
        reversible: e.kind !== 'reversal' && e.reversedBy === null,
        lineId: e.kind === 'booking' ? lineOf(e.id) : null,
        postings: e.postings,
      }))
      .sort((a, b) => a.id - b.id),
  );
  // Each line linked or booked once, as the model says; one linked by hand, to the entry that
  // recorded its payment.
  const lines = await rowsOf<{
    id: number;
    link: string | null;
    payment: number | null;
    entry: number | null;
    recorded: boolean;
  }>(
    real.t.db,
    sql`select l.id, l.link_kind as link, l.payment_id as payment, l.entry_id as entry,
      exists (select 1 from journal_entries e where e.id = l.entry_id
        and e.payment_id = l.payment_id and e.kind in ('dues', 'repayment')) as recorded
      from bank_lines l order by l.id`,
  );
  expect(
    lines.map((l) => [
      Number(l.id),
      l.link,
      l.payment === null ? null : Number(l.payment),
      l.entry === null ? null : Number(l.entry),
      l.link === 'hand' ? l.recorded : null,
    ]),
  ).toEqual(
    books.lines.map((l) => [l.id, l.link, l.paymentId, l.entryId, l.link === 'hand' ? true : null]),
  );
  // The others' statements have no such line: their savings are checked above and by the main
  // verify (My Account), which a statement's call for each would repeat at every step.
  for (const m of model.members) {
    const code = savingsCode(m);
    if (!made.some((e) => e.postings[code] !== undefined)) continue;
    const statement = await get('/api/my-statement', m.token);
    expect(kit.fils(statement.closing.savings)).toBe(m.savingsFils);
    expect(
      (statement.lines as Array<{ entry_id: number; kind: string; savings_change: number }>)
        .filter((l) => l.kind === 'journal' || l.kind === 'reversal')
        .map((l) => [l.entry_id, l.kind, kit.fils(l.savings_change)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      made
        .filter((e) => e.postings[code] !== undefined)
        .map((e) => [e.id, e.kind, 0 - e.postings[code]!])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  }
}

/** The steps of money-model.test.ts a scenario of the own books goes through. */
export interface MainSteps {
  submitDues(args: { i: number; monthsAgo: number; amount: Fils | 'rest' }): Step;
  approvePayment(args: { j: number; h: boolean; k: number; corrected: Fils | null }): Step;
  duesJob(later: number): Step;
  askToLeave(i: number): Step;
  payOutExit(args: { i: number; h: boolean; k: number; wrong: boolean }): Step;
}

/**
 * The own books' rules walked through once, before the random sequences (members with AED 600,
 * 400 and 800 of savings; a fine of AED 10). A bank charge booked by one admin; an ATM
 * withdrawal to the cash box proposed, refused to the proposer and for another account, then
 * confirmed; spending from the box (two admins), more than it holds (409), an entry between two
 * accounts (one admin), one that does not balance (422), a gift to m1's savings (two admins);
 * bank interest booked. m0's receipt is linked to a line of another amount (422), then to its
 * own (approved); its payment on a second line (409), a line taken (409); unlinked, linked again
 * to a new line. The bank charge corrected (wrong account) and booked again; m0's due corrected
 * (another reason refused, a second correction 409): its line free, its month open again. A
 * correction's correction (409), a blank reason (422), the box's spending corrected.
 *
 * Then who left: AED 120 paid to m2 from their savings by hand; m2 leaves and is paid out; a
 * gift to their savings is refused (422), and so is undoing the AED 120 (409: nothing posts to
 * the savings of a member who left). And a month paid in two: the dues job fines m1's months;
 * m1 pays AED 200 for the month 3 months ago, then its AED 10 fine; the AED 200 is corrected:
 * the month is open again for AED 200, its fine still owed.
 */
export function ownBooksScenario(
  { bookStep, handStep, linkStep, unlinkStep, reverseStep }: ReturnType<typeof ownBooks>['steps'],
  main: MainSteps,
): Step[] {
  const book = (
    n: number,
    k: number,
    amountFils: Fils,
    account: Parameters<typeof bookStep>[0]['account'],
    held = false,
  ) => bookStep({ n, h: false, k, held, amountFils, account });
  const hand = (
    kind: Parameters<typeof handStep>[0]['kind'],
    i: number,
    amountFils: Fils,
    k: number,
    h = false,
  ) => handStep({ kind, i, amountFils, n: 0, h, k });
  const reverse = (
    target: Parameters<typeof reverseStep>[0]['target'],
    n: number,
    k: number,
    reason: Reason,
    { h = false, blank = false } = {},
  ) => reverseStep({ target, n, h, k, reason, blank });
  return [
    book(0, 0, -2_625, 'bank_charges'),
    book(0, 0, -45_000, 'cash_box'),
    book(1, 0, 0, 'cash_box', true),
    book(1, 1, 0, 'stationery', true),
    bookStep({ n: 0, h: true, k: 1, held: false, amountFils: -45_000, account: 'cash_box' }),
    hand('fromBox', 0, 12_000, 0),
    hand('fromBox', 0, 12_000, 1, true),
    hand('fromBox', 0, 75_000, 1),
    hand('between', 0, 4_500, 1),
    hand('unbalanced', 0, 4_500, 1),
    hand('toSavings', 1, 30_000, 0),
    hand('toSavings', 1, 30_000, 1, true),
    book(0, 1, 1_234, 'bank_interest'),
    main.submitDues({ i: 0, monthsAgo: 0, amount: 'rest' }),
    linkStep({ n: 0, waiting: true, k: 0, line: 'other' }),
    linkStep({ n: 0, waiting: true, k: 0, line: 'same' }),
    linkStep({ n: 0, waiting: false, k: 1, line: 'same' }),
    linkStep({ n: 0, waiting: false, k: 1, line: 'taken' }),
    unlinkStep({ n: 0, h: true, k: 1 }),
    unlinkStep({ n: 0, h: false, k: 1 }),
    linkStep({ n: 0, waiting: false, k: 0, line: 'same' }),
    reverse('booking', 0, 0, 'wrong_account'),
    reverse('booking', 0, 1, 'wrong_account', { h: true }),
    book(0, 1, 0, 'bank_charges', true),
    reverse('dues', 0, 1, 'wrong_month'),
    reverse('dues', 0, 0, 'duplicate'),
    reverse('dues', 0, 0, 'wrong_month', { h: true }),
    reverse('dues', 0, 0, 'wrong_month'),
    reverse('reversal', 0, 0, 'other'),
    reverse('journal', 0, 0, 'other', { blank: true }),
    reverse('journal', 0, 0, 'wrong_amount'),
    reverse('journal', 0, 1, 'wrong_amount', { h: true }),
    // Who left.
    hand('fromSavings', 2, 12_000, 0),
    hand('fromSavings', 2, 12_000, 1, true),
    main.askToLeave(2),
    main.payOutExit({ i: 2, h: false, k: 0, wrong: false }),
    main.payOutExit({ i: 2, h: true, k: 0, wrong: false }),
    hand('toSavings', 2, 4_500, 0),
    reverse('journal', 3, 0, 'wrong_member'),
    // A month paid in two.
    main.duesJob(0),
    main.submitDues({ i: 1, monthsAgo: 3, amount: 20_000 }),
    main.approvePayment({ j: 0, h: true, k: 0, corrected: null }),
    main.submitDues({ i: 1, monthsAgo: 3, amount: 'rest' }),
    main.approvePayment({ j: 0, h: true, k: 0, corrected: null }),
    reverse('dues', 1, 0, 'wrong_month'),
    reverse('dues', 1, 1, 'wrong_month', { h: true }),
  ];
}
