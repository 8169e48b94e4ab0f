/** The PostgreSQL error under a failed query: drizzle wraps the driver's error as `cause`. */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e as { code?: string; constraint?: string };
  return e.cause ? pgError(e.cause) : null;
}

/** A unique index refused the write (two admins saving the same code or path at once); the constraint name if so. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  const pg = pgError(err);
  return pg?.code === '23505' ? { constraint: pg.constraint ?? '' } : null;
}
