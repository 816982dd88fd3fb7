/** What the committee shares besides the interest, as the form and the calls name it. */
export interface ShareFlags {
  share_fines: boolean;
  share_other_income: boolean;
  less_expenses: boolean;
}

export const INTEREST_ONLY: ShareFlags = {
  share_fines: false,
  share_other_income: false,
  less_expenses: false,
};

/** The period the form names: an empty start (fixed by the last period) is left out. */
export function toPeriod(v: { starts_on: string; ends_on: string } & ShareFlags) {
  return {
    ...(v.starts_on ? { starts_on: v.starts_on } : {}),
    ends_on: v.ends_on,
    share_fines: v.share_fines,
    share_other_income: v.share_other_income,
    less_expenses: v.less_expenses,
  };
}
