/** The period the form's dates name: an empty start (fixed by the last period) is left out. */
export function toPeriod(v: { starts_on: string; ends_on: string }) {
  return { ...(v.starts_on ? { starts_on: v.starts_on } : {}), ends_on: v.ends_on };
}
