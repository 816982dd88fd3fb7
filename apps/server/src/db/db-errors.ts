/** True when the database refused a row because of a unique index (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/**
 * True for the errors PostgreSQL raises so that a transaction is run again: a serialisation
 * failure (40001) or a deadlock, of which it aborted this side (40P01).
 */
export function isRetryableConflict(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (code === '40001' || code === '40P01') return true;
  }
  return false;
}
