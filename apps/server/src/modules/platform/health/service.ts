import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

export interface HealthService {
  /** Whether the database answers a query within `timeoutMs`. */
  databaseReady(timeoutMs?: number): Promise<boolean>;
}

export function createHealthService({ db }: { db: Db }): HealthService {
  return {
    async databaseReady(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([db.execute(sql`SELECT 1`).then(() => true as const), timedOut]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
