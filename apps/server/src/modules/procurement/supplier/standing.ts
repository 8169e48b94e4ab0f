import type { PageResult, SupplierDto } from '@aps/shared';
import { SUPPLIER_STATUS } from '@aps/shared';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { containsPattern } from '../../platform/dict/kit.ts';
import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import { page } from '../bid/common.ts';
import type { WorkflowPort, WorkflowStatusEvent } from '../workflow-port.ts';
import { createBlacklistService, releaseExpiredBlacklists } from './blacklist.ts';
import { createCertificateService, sweepCertificates } from './certificates.ts';
import { ADMISSION_WORKFLOW, createSupplierPortalService } from './portal.ts';
import { toSupplierDto } from './standing-common.ts';
import { supplier } from './tables.ts';

export interface QualifiedQuery {
  pageNo: number;
  pageSize: number;
  name?: string | undefined;
  category?: string | undefined;
}

/**
 * The supplier's standing (issue 16 slice p16-standing): 合格供应商, 黑名单, certificates and their expiry, the
 * portal's profile and changes. `admission` is the registration's own supplier_admission handler: the portal's
 * change requests share that process (keyed by the change) and are tried first.
 */
export function createSupplierStandingService({
  db,
  workflow,
  admission,
}: {
  db: Db;
  workflow: WorkflowPort | null;
  admission?: (tx: Db, event: WorkflowStatusEvent) => Promise<void>;
}) {
  const blacklist = createBlacklistService({ db, workflow });
  const portal = createSupplierPortalService({ db, workflow });
  const certificates = createCertificateService(db);
  workflow?.registerHandler(ADMISSION_WORKFLOW, {
    async onStatus(tx, event) {
      if (await portal.onChangeStatus(tx, event)) return;
      await admission?.(tx, event);
    },
  });

  return {
    blacklist,
    portal,
    certificates,

    /** 合格供应商: 合格 and 暂停 (flagged by its status and reason) suppliers, by category (a node covers its subtree). */
    async qualified(tenantId: number, q: QualifiedQuery): Promise<PageResult<SupplierDto>> {
      const where = and(
        eq(supplier.tenantId, tenantId),
        eq(supplier.delFlag, 0),
        inArray(supplier.status, [SUPPLIER_STATUS.qualified, SUPPLIER_STATUS.suspended]),
        q.name ? ilike(supplier.name, containsPattern(q.name)) : undefined,
        q.category
          ? sql`EXISTS (SELECT 1 FROM unnest(${supplier.categories}) c WHERE c LIKE ${`${q.category.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`
          : undefined,
      );
      const rows = await db
        .select({ row: supplier, total: sql<number>`count(*) OVER ()::int` })
        .from(supplier)
        .where(where)
        .orderBy(asc(supplier.name), asc(supplier.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      return page(
        rows.map((r) => toSupplierDto(r.row)),
        rows[0]?.total ?? 0,
        q,
      );
    },
  };
}

export type SupplierStandingService = ReturnType<typeof createSupplierStandingService>;

/** The daily jobs (registered like procurementJobs, seeded in QUARTZ_SEED). */
export function supplierStandingJobs(): JobHandler[] {
  return [
    {
      name: 'supplierBlacklistExpiry',
      title: '黑名单期满自动解除',
      parameterHint: '无',
      async run({ db }) {
        const n = await releaseExpiredBlacklists(db);
        return `解除 ${n}`;
      },
    },
    {
      name: 'supplierCertificateExpiry',
      title: '资质证书到期检查（即将到期提醒、过期暂停、更新恢复）',
      parameterHint: '无',
      async run({ db }) {
        const r = await sweepCertificates(db);
        return `供应商 ${r.suppliers}，证书状态变化 ${r.changed}`;
      },
    },
  ];
}
