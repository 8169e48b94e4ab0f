import { MESSAGES, type PermissionCode, splitValue } from '@aps/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessionOf } from '../modules/platform/auth/guard.ts';
import type { DataScope } from '../modules/platform/permission/data-scope.ts';
import type { PermissionService } from '../modules/platform/permission/service.ts';
import { sysUser } from '../modules/platform/system/tables.ts';
import { ApiError } from './envelope.ts';

/** User ends (§1 userEnd) of people outside the company: 2 expert, 3 supplier. */
export const EXTERNAL_USER_ENDS: readonly string[] = ['2', '3'];

/**
 * Who is asking, for the routes whose answer depends on more than the route's own code (shared endpoints
 * that serve several owners' data: pickers, table dictionaries, the duplicate check, department trees).
 * Everything is read lazily from the caches the guard already filled.
 */
export interface Caller {
  userId: string;
  tenantId: number;
  username: string;
  orgCode: string | null;
  can(code: PermissionCode): Promise<boolean>;
  /** Refuses with 403 拒绝访问 unless the caller holds one of the codes. */
  demand(...codes: PermissionCode[]): Promise<void>;
  /** True when the caller's userEnd holds 2 (expert) or 3 (supplier). */
  external(): Promise<boolean>;
  scope(): Promise<DataScope>;
  permissions: Pick<PermissionService, 'dataRuleSets'>;
}

export type CallerOf = (request: FastifyRequest) => Caller;

export function createCallers({
  db,
  permissions,
}: {
  db: Db;
  permissions: Pick<PermissionService, 'codes' | 'dataScope' | 'dataRuleSets'>;
}): CallerOf {
  return (request) => {
    const s = sessionOf(request);
    let ends: Promise<string[]> | undefined;
    const can = async (code: PermissionCode) => (await permissions.codes(s.userId, s.tenantId)).has(code);
    return {
      userId: s.userId,
      tenantId: s.tenantId,
      username: s.username,
      orgCode: s.orgCode,
      can,
      async demand(...codes) {
        for (const code of codes) if (await can(code)) return;
        throw new ApiError(403, MESSAGES.forbidden);
      },
      async external() {
        ends ??= db
          .select({ userEnd: sysUser.userEnd })
          .from(sysUser)
          .where(eq(sysUser.id, s.userId))
          .then(([row]) => splitValue(row?.userEnd));
        return (await ends).some((e) => EXTERNAL_USER_ENDS.includes(e));
      },
      scope: () => permissions.dataScope(s.userId, s.tenantId),
      permissions,
    };
  };
}
