// A correction by reversal, a step of the own books (see steps.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import { bearer } from '../../harness.ts';
import type { Model, PaymentModel, Real } from '../model.ts';
import { journal, postingsOf } from './calls.ts';
import {
  admin,
  mostly,
  negated,
  post,
  postingRules,
  REASONS,
  savingsCode,
  newEntry,
  type ArgsOf,
  type EntryModel,
  type Kit,
} from './model.ts';

export function reverseSteps(kit: Kit) {
  const { refusedPosting, onLeftSavings } = postingRules(kit);
  /** The entry that recorded approved due p, as the journal lists it and the model knows it. */
  async function duesEntryOf(model: Model, real: Real, p: PaymentModel): Promise<EntryModel> {
    const known = model.books.entries.find((e) => e.kind === 'dues' && e.paymentId === p.id);
    if (known) return known;
    const m = model.members[p.member]!;
    const { amountFils, savingsFils } = p.approved!;
    const listed = (await journal(model, real, `kind=dues&member_id=${m.userId}`)).find(
      (e) => e.payment_id === p.id,
    );
    const entry = newEntry({
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
      paymentId: p.id,
    });
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
            : entry.kind === 'reversal' || entry.kind === 'closing' || entry.reversedBy !== null
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
        entries.push(
          newEntry({
            id: done.reversal_entry_id,
            kind: 'reversal',
            postings: undo,
            proposedBy: open?.by ?? null,
            createdBy: who,
            reverses: entry.id,
            paymentId: entry.paymentId,
          }),
        );
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
  return { reverseArgs, reverseStep };
}
