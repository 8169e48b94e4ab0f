import crypto from 'node:crypto';
import {
  type MenuNode,
  ONLINE_REPORT_COMPONENT,
  REPORT_MESSAGES,
  REPORT_SSO,
  type ReportSsoUserDto,
  splitValue,
} from '@aps/shared';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { createHmacSeal } from '../auth/token.ts';
import type { PermissionService } from '../permission/service.ts';
import { sysUser, sysUserTenant } from '../system/tables.ts';

/**
 * The header's report entry (§1, §7 GET /sys/reportSso): a user whose userEnd holds '1' gets a URL.
 * - With an external report system configured (REPORT_SSO_URL), the URL carries a ticket: who, in which tenant,
 *   until when, signed with a key derived from the token secret. The report system checks it at
 *   GET /sys/reportSso/verify (nothing else to share with it, no session token ever leaves the platform).
 * - Otherwise the platform's own online reports are the report system: the user's first report page in their menu.
 */
export interface ReportSsoService {
  link(user: { userId: string; tenantId: number; username: string }): Promise<string>;
  verify(ticket: string): Promise<ReportSsoUserDto>;
}

interface TicketPayload {
  u: string;
  t: number;
  exp: number;
}

export function createReportSsoService({
  db,
  permissions,
  tokenSecret,
  externalUrl,
  now = () => Date.now(),
}: {
  db: Db;
  permissions: PermissionService;
  tokenSecret: string;
  externalUrl: string | undefined;
  now?: () => number;
}): ReportSsoService {
  // A key of its own: a ticket can never pass for an access token, nor the other way round.
  const { seal, open } = createHmacSeal(crypto.createHmac('sha256', tokenSecret).update('aps:report-sso').digest());

  const issue = (username: string, tenantId: number) => {
    const payload: TicketPayload = { u: username, t: tenantId, exp: now() + REPORT_SSO.ticketTtlSeconds * 1000 };
    return seal(Buffer.from(JSON.stringify(payload)).toString('base64url'));
  };

  const invalid = () => new ApiError(400, REPORT_MESSAGES.ssoTicketInvalid);

  return {
    async link({ userId, tenantId, username }) {
      const [row] = await db.select({ userEnd: sysUser.userEnd }).from(sysUser).where(eq(sysUser.id, userId));
      if (!splitValue(row?.userEnd).includes(REPORT_SSO.userEnd))
        throw new ApiError(403, REPORT_MESSAGES.ssoNotAllowed);
      if (externalUrl) {
        const url = new URL(externalUrl);
        url.searchParams.set('ticket', issue(username, tenantId));
        return url.toString();
      }
      const { menu } = await permissions.userPermissions(userId, tenantId);
      const path = firstReportPath(menu);
      if (!path) throw new ApiError(403, REPORT_MESSAGES.ssoNoReport);
      return path;
    },

    async verify(ticket) {
      const body = open(ticket);
      if (body === null) throw invalid();
      let payload: TicketPayload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketPayload;
      } catch {
        throw invalid();
      }
      if (typeof payload.exp !== 'number' || payload.exp <= now()) throw invalid();
      // The user must still exist, be active and belong to the tenant the ticket names.
      const [user] = await db
        .select({ username: sysUser.username, realname: sysUser.realname, tenantId: sysUserTenant.tenantId })
        .from(sysUser)
        .innerJoin(sysUserTenant, eq(sysUserTenant.userId, sysUser.id))
        .where(
          and(
            eq(sysUser.username, String(payload.u)),
            eq(sysUserTenant.tenantId, Number(payload.t)),
            eq(sysUser.status, 1),
            eq(sysUser.delFlag, 0),
          ),
        );
      if (!user) throw invalid();
      return user;
    },
  };
}

/** The first visible online report page of a menu tree, depth first in menu order. */
export function firstReportPath(menu: readonly MenuNode[]): string | null {
  for (const node of menu) {
    if (node.hidden) continue;
    if (node.component === ONLINE_REPORT_COMPONENT && node.path) return node.path;
    const inChild = firstReportPath(node.children ?? []);
    if (inChild) return inChild;
  }
  return null;
}
