// A loan's guarantors, to the rules of features/loans (apply.ts, guarantee-*.ts, holds.ts;
// docs/domain/guarantors.md). The loan is at most the savings multiple of the borrower's savings,
// and the part above their free savings (guarantee_needed) is covered by one or two members
// without a loan who accepted within their own free savings; one loan in four with nothing
// needed names a guarantor anyway. Some asks were declined, some not answered by the approval
// (cancelled then). A closed loan's accepted guarantees were released when it was repaid.
// A hold is derived (holds.ts), never posted: nothing is written to the ledger for it.
import { at, plusDays, type Association, type Batch, type Hold, type Saver } from './batch.ts';

interface Ask {
  guarantorId: number;
  amountFils: number;
  /** When they answered; null: not answered before the approval. */
  answer: { state: 'accepted' | 'declined'; at: string } | null;
  hold: Hold | null;
}

export interface GuaranteePlan {
  amountFils: number;
  neededFils: number;
  askedAt: string;
  asks: Ask[];
}

const reviewedMsOf = new WeakMap<string[], number[]>();

/** What a member who paid the first `paid` months had saved at `iso` (dues approved the 6th). */
export function savingsAt(a: Association, paid: number, iso: string): number {
  let reviewed = reviewedMsOf.get(a.periods);
  if (!reviewed) {
    // As member-rows.ts dates them: sent the 5th, approved a day later.
    reviewed = a.periods.map((m) => Date.parse(plusDays(at(`${m.slice(0, 8)}05`), 1)));
    reviewedMsOf.set(a.periods, reviewed);
  }
  const t = Date.parse(iso);
  let k = 0;
  while (k < paid && reviewed[k]! <= t) k++;
  return k * a.settings.monthlyDueFils;
}

/**
 * Whether every answer of the saver (with `holds`) was within their free savings then. A hold is
 * counted whole while its loan is open (holds.ts shrinks it with repayments): never too little.
 * Each answer is checked again, as a guarantee added later in the seed may be earlier in time.
 */
function fits(a: Association, saver: Saver, holds: Hold[]): boolean {
  return holds.every((h) => {
    const held = holds.reduce(
      (sum, g) => (g.fromMs <= h.fromMs && h.fromMs < g.toMs ? sum + g.amountFils : sum),
      0,
    );
    return savingsAt(a, saver.paid, new Date(h.fromMs).toISOString()) >= held;
  });
}

/** A member other than those taken, able to hold `amountFils` from `answeredAt`; null if none. */
function pickGuarantor(
  a: Association,
  taken: Set<number>,
  amountFils: number,
  answeredAt: string,
): Ask | null {
  for (let tries = 0; tries < 12 && a.savers.length > 0; tries++) {
    const saver = a.savers[Math.floor(a.random() * a.savers.length)]!;
    if (taken.has(saver.userId)) continue;
    const hold: Hold = { amountFils, fromMs: Date.parse(answeredAt), toMs: Infinity };
    if (!fits(a, saver, [...saver.holds, hold])) continue;
    saver.holds.push(hold);
    taken.add(saver.userId);
    return {
      guarantorId: saver.userId,
      amountFils,
      answer: { state: 'accepted', at: answeredAt },
      hold,
    };
  }
  return null;
}

/** A member other than those taken who was asked and declined or did not answer. */
function pickRefusal(
  a: Association,
  taken: Set<number>,
  amountFils: number,
  answer: Ask['answer'],
) {
  const saver = a.savers[Math.floor(a.random() * a.savers.length)];
  if (!saver || taken.has(saver.userId)) return null;
  taken.add(saver.userId);
  return { guarantorId: saver.userId, amountFils, answer, hold: null };
}

/**
 * The loan's amount, what its guarantors must cover and who they are, for a member who paid
 * their first `paid` months and applied at `askedAt` for `drawnFils`.
 */
export function planGuarantees(
  a: Association,
  borrower: { userId: number; paid: number },
  drawnFils: number,
  askedAt: string,
): GuaranteePlan {
  const { settings: s, random } = a;
  const step = s.loanStepFils;
  const onSteps = (fils: number) =>
    s.loanMinFils + Math.floor((fils - s.loanMinFils) / step) * step;
  const upToStep = (fils: number) => Math.ceil(fils / step) * step;
  // A borrower never stands guarantor in this seed (savers have no loan): free savings = savings.
  const savings = savingsAt(a, borrower.paid, askedAt);
  const tied = s.savingsMultiple > 0;
  let amountFils = tied
    ? Math.max(s.loanMinFils, Math.min(drawnFils, onSteps(savings * s.savingsMultiple)))
    : drawnFils;
  const neededFils = tied ? Math.max(amountFils - savings, 0) : 0;
  const plan: GuaranteePlan = { amountFils, neededFils, askedAt, asks: [] };
  if (neededFils === 0 && random() >= 1 / 4) return plan;

  const taken = new Set([borrower.userId]);
  const answeredAt = () => plusDays(askedAt, 0.5 + random());
  const target =
    neededFils > 0 ? neededFils : Math.min(amountFils, upToStep(amountFils * (0.2 + random() / 4)));
  const halves = [upToStep(target / 2), target - upToStep(target / 2)];
  const askedFils = () => plan.asks.reduce((sum, g) => sum + g.amountFils, 0);
  const ask = (parts: number[]) => {
    for (const part of parts) {
      // Together no more than the loan (checkGuarantors).
      const fils = Math.min(amountFils - askedFils(), upToStep(part));
      const found = fils > 0 ? pickGuarantor(a, taken, fils, answeredAt()) : null;
      if (found) plan.asks.push(found);
    }
  };
  const two = target > step && random() < 0.4;
  ask(two ? halves : [target]);
  // Nobody could stand for it all (early on, savings are small): two could, half each.
  if (!two && plan.asks.length === 0 && target > step) ask(halves);
  const covered = askedFils();
  if (covered < neededFils) {
    // Too few members could stand for it: the member asked for what they could cover.
    amountFils = Math.max(s.loanMinFils, Math.min(amountFils, onSteps(savings + covered)));
    plan.amountFils = amountFils;
    // Below the smallest loan (the seed's first members only): what was covered is recorded as
    // needed, so the approval's rule (covered >= needed) holds.
    plan.neededFils = Math.min(Math.max(amountFils - savings, 0), covered);
  }
  // One in six loans also has an ask declined, one in ten an ask left unanswered.
  const extra = Math.min(upToStep(amountFils / 5), amountFils);
  if (random() < 1 / 6 && askedFils() + extra <= amountFils) {
    const refusal = pickRefusal(a, taken, extra, { state: 'declined', at: answeredAt() });
    if (refusal) plan.asks.push(refusal);
  }
  if (random() < 0.1 && askedFils() + extra <= amountFils) {
    const unanswered = pickRefusal(a, taken, extra, null);
    if (unanswered) plan.asks.push(unanswered);
  }
  return plan;
}

/**
 * The guarantee rows of loan `loanId` as they stand now: unanswered asks cancelled at the
 * approval (cancelUnanswered), accepted ones released when the loan closed (endGuarantees).
 */
export function addGuaranteeRows(
  batch: Batch,
  a: Association,
  plan: GuaranteePlan,
  loanId: number,
  approvedAt: string,
  closedAt: string | null,
): void {
  for (const ask of plan.asks) {
    const state = !ask.answer
      ? 'cancelled'
      : ask.answer.state === 'accepted' && closedAt
        ? 'released'
        : ask.answer.state;
    if (ask.hold && closedAt) ask.hold.toMs = Date.parse(closedAt);
    batch.guarantees.push([
      a.id.guarantee++,
      loanId,
      ask.guarantorId,
      ask.amountFils,
      state,
      plan.askedAt,
      ask.answer?.at ?? approvedAt,
      state === 'released' ? closedAt : null,
    ]);
  }
}
