// A line linked by hand to a member's payment, and a link undone: steps of the own books (see
// steps.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import { bearer } from '../../harness.ts';
import { importLine } from './calls.ts';
import { admin, mostly, type ArgsOf, type Kit } from './model.ts';

export function linkSteps(kit: Kit) {
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
  return { linkArgs, linkStep, unlinkArgs, unlinkStep };
}
