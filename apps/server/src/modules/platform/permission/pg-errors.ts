/** The PostgreSQL error under a failed query: drizzle wraps the driver's error as `cause`. */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e as { code?: string; constraint?: string };
  return e.cause ? pgError(e.cause) : null;
}

/**
 * A value PostgreSQL could not take (SQLSTATE class 22: a date that does not exist, a number out of its column's
 * range, text it cannot encode): the request's fault, so a 400, never a 500.
 */
export function dataException(err: unknown): boolean {
  return pgError(err)?.code?.startsWith('22') ?? false;
}

/** A unique index refused the write (two admins saving the same code or path at once); the constraint name if so. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  const pg = pgError(err);
  return pg?.code === '23505' ? { constraint: pg.constraint ?? '' } : null;
}
