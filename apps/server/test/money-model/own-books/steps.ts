// The money model's part for the association's own books (issue 49; docs/domain/accounts.md,
// reconciliation.md, maker-checker.md, year.md): bank lines booked to an account, entries by
// hand, lines linked by hand to a member's payment and unlinked, corrections by reversal of a
// due, a booking or an entry by hand, and last month locked (issue 53), its lines and entries
// by hand dated in it refused after, and its year (the model's year starts this month) closed and
// reopened. The main model (../) registers the steps, keeps the model
// (`Model.books`) and calls `verify` after every step; it lends the helpers it owns (`Kit`).
import type { Model, Real } from '../model.ts';
import type { Kit } from './model.ts';
import { bookSteps } from './steps-book.ts';
import { handSteps } from './steps-hand.ts';
import { linkSteps } from './steps-link.ts';
import { lockSteps } from './steps-lock.ts';
import { yearSteps } from './steps-year.ts';
import { reverseSteps } from './steps-reverse.ts';
import { verify } from './verify.ts';

export function ownBooks(kit: Kit) {
  const { bookArgs, bookStep } = bookSteps(kit);
  const { handArgs, handStep } = handSteps(kit);
  const { linkArgs, linkStep, unlinkArgs, unlinkStep } = linkSteps(kit);
  const { reverseArgs, reverseStep } = reverseSteps(kit);
  const { lockArgs, lockStep } = lockSteps(kit);
  const { reviewArgs, reviewStep, closeArgs, closeStep, reopenArgs, reopenStep } = yearSteps(kit);
  const book = bookArgs.map(bookStep);
  const hand = handArgs.map(handStep);
  const link = linkArgs.map(linkStep);
  const unlink = unlinkArgs.map(unlinkStep);
  const reverse = reverseArgs.map(reverseStep);
  const lock = lockArgs.map(lockStep);
  const review = reviewArgs.map(reviewStep);
  const close = closeArgs.map(closeStep);
  const reopen = reopenArgs.map(reopenStep);
  return {
    // Repeated entries are drawn more often: a proposal and its confirmation are two draws.
    commands: [
      ...[book, book, book, hand, hand, hand, link, link, unlink, reverse, reverse, reverse],
      ...[lock, lock, review, close, close, reopen, reopen],
    ],
    steps: {
      ...{ bookStep, handStep, linkStep, unlinkStep, reverseStep },
      ...{ lockStep, reviewStep, closeStep, reopenStep },
    },
    verify: (model: Model, real: Real) => verify(kit, model, real),
  };
}
