import { LOG_TYPES } from '@aps/shared';
import type { Db } from '../../../db/client.ts';
import { sysLog } from './tables.ts';

/** sys_log.log_type, as the shared contract defines it (the log pages filter by the same codes). */
export const LOG_TYPE = LOG_TYPES;

export interface AuditEntry {
  logType: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  logContent: string;
  success: boolean;
  tenantId?: number | null;
  userId?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  requestUrl?: string | null;
  requestParam?: string | null;
  statusCode?: number | null;
  costTime?: number | null;
}

export interface AuditService {
  /** Best effort: a failure is logged, never the caller's (failed requests, sign-ins). */
  record(entry: AuditEntry): Promise<void>;
  /** Part of the caller's transaction: if the row cannot be written, the write it records must not commit. */
  write(entry: AuditEntry): Promise<void>;
}

const SECRET_KEYS = /pass|captcha|token|secret|code$/i;
const MAX_PARAM_LENGTH = 2000;

/** Request bodies go into the log without secrets and cut to a readable size. */
export function redactParams(body: unknown): string | null {
  if (body == null || typeof body !== 'object') return null;
  const json = JSON.stringify(body, (key, value) => (key && SECRET_KEYS.test(key) ? '******' : value));
  return json.length > MAX_PARAM_LENGTH ? `${json.slice(0, MAX_PARAM_LENGTH)}…` : json;
}

export function createAuditService({ db, logError }: { db: Db; logError: (err: unknown) => void }): AuditService {
  return {
    async write(entry) {
      await db.insert(sysLog).values(entry);
    },
    async record(entry) {
      try {
        await db.insert(sysLog).values(entry);
      } catch (err) {
        // An audit failure must not fail the user's request; it is reported to the server log instead.
        logError(err);
      }
    },
  };
}
