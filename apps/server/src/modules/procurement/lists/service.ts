import {
  type FileRecordDto,
  type FileRecordKind,
  type FileRecordListQuery,
  formatDateTime,
  NOTICE_TYPES,
  type NoticeType,
  type PackageDetailListQuery,
  type PackageDetailRowDto,
  type PageResult,
  type PurchaseListQuery,
  type PurchaseListRowDto,
} from '@aps/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fetchPage, pageResult, totalOf } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import { sysDepart } from '../../platform/system/tables.ts';
import { purchaseBid } from '../bid/tables.ts';
import { purchaseNotice } from '../notice/tables.ts';
import type { PlanActor } from '../plan/service.ts';
import { packageScope } from '../project/service.ts';
import { purchasePackage } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';

/** The three special lists of §7 (issue 14 §10), in the package list's tenant and data scope. */
export interface SpecialListService {
  fileRecords(actor: PlanActor, q: FileRecordListQuery): Promise<PageResult<FileRecordDto>>;
  purchaseList(actor: PlanActor, q: PurchaseListQuery): Promise<PageResult<PurchaseListRowDto>>;
  /** One row per package × bidder; `pageSize` packages per page with all their rows (a group is never cut). */
  packageDetails(actor: PlanActor, q: PackageDetailListQuery): Promise<PageResult<PackageDetailRowDto>>;
}

const p = purchasePackage;
const dialect = new PgDialect();
/** A package with an empty department is not a department's procurement: §7 keeps only rows having sysOrgCode. */
const hasOrgCode = ne(p.sysOrgCode, '');

const nameFilter = (name: string | undefined): SQL | undefined =>
  name ? or(ilike(p.packageName, `%${escapeLike(name)}%`), ilike(p.purchaseName, `%${escapeLike(name)}%`)) : undefined;
/** The generic list's projectId filter (§7). */
const projectFilter = (projectId: string | undefined) => (projectId ? eq(p.projectId, projectId) : undefined);

interface FileRow extends Record<string, unknown> {
  id: string;
  kind: FileRecordKind;
  file_name: string;
  file_path: string;
  file_size: number | string | null;
  source: string;
  package_id: string;
  package_no: string;
  package_name: string;
  purchase_name: string;
  sys_org_code: string;
  depart_name: string | null;
  upload_time: Date | string;
}

export function createSpecialListService({ db }: { db: Db }): SpecialListService {
  /**
   * Every file of the visible packages: notice attachments, and bid files of opened bids only (a bid's files are
   * sealed with it until the opening: `opened_time` is set by the opening itself). The package filter (scope,
   * sysOrgCode, name) is applied inside both branches, so the planner reads only the visible packages' files.
   */
  function fileSource(actor: PlanActor, q: FileRecordListQuery): SQL {
    const visible = and(
      packageScope(actor),
      hasOrgCode,
      projectFilter(q.projectId),
      q.packageName ? ilike(p.packageName, `%${escapeLike(q.packageName)}%`) : undefined,
    );
    const notices = sql`
      select ${purchaseNotice.id}::text || ':' || (a->>'fileId') as id, 'notice' as kind, a->>'fileName' as file_name,
        a->>'filePath' as file_path, a->>'fileSize' as file_size, ${purchaseNotice.noticeType} as source,
        ${purchaseNotice.createTime} as upload_time, ${purchaseNotice.packageId} as package_id
      from ${purchaseNotice} join ${p} on ${p.id} = ${purchaseNotice.packageId}
        cross join jsonb_array_elements(${purchaseNotice.attachments}) as a
      where ${purchaseNotice.delFlag} = 0 and ${visible}`;
    const bids = sql`
      select ${purchaseBid.id}::text || ':' || (f->>'fileId') as id, 'bid' as kind, f->>'fileName' as file_name,
        f->>'filePath' as file_path, f->>'fileSize' as file_size, ${supplier.name} as source,
        coalesce(${purchaseBid.updateTime}, ${purchaseBid.submitTime}) as upload_time, ${purchaseBid.packageId} as package_id
      from ${purchaseBid} join ${p} on ${p.id} = ${purchaseBid.packageId}
        join ${supplier} on ${supplier.id} = ${purchaseBid.supplierId}
        cross join jsonb_array_elements(${purchaseBid.files}) as f
      where ${purchaseBid.status} = '1' and ${purchaseBid.openedTime} is not null and ${visible}`;
    if (q.kind === 'notice') return notices;
    if (q.kind === 'bid') return bids;
    return sql`${notices} union all ${bids}`;
  }

  return {
    async fileRecords(actor, q) {
      const source = fileSource(actor, q);
      const countSql = sql`select count(*)::int as n from (${source}) as files`;
      const { sql: text, params } = dialect.sqlToQuery(countSql);
      const total = await totalOf({
        key: `fileRecords\u0000${text}\u0000${JSON.stringify(params)}`,
        tables: ['purchase_notice', 'purchase_bid', 'purchase_package', 'supplier'],
        count: async () => Number((await db.execute<{ n: number }>(countSql)).rows[0]?.n ?? 0),
      });
      const offset = (q.pageNo - 1) * q.pageSize;
      const { rows } = await db.execute<FileRow>(sql`
        select files.*, ${p.packageNo} as package_no, ${p.packageName} as package_name, ${p.purchaseName} as purchase_name,
          ${p.sysOrgCode} as sys_org_code, ${sysDepart.departName} as depart_name
        from (${source}) as files join ${p} on ${p.id} = files.package_id
          left join ${sysDepart} on ${sysDepart.orgCode} = ${p.sysOrgCode}
        order by files.upload_time desc, files.id
        limit ${q.pageSize} offset ${offset}`);
      const records = rows.map(
        (r): FileRecordDto => ({
          id: r.id,
          kind: r.kind,
          fileName: r.file_name,
          filePath: r.file_path,
          fileSize: Number(r.file_size ?? 0),
          source: r.kind === 'notice' ? (NOTICE_TYPES[r.source as NoticeType] ?? r.source) : r.source,
          packageId: r.package_id,
          packageNo: r.package_no,
          packageName: r.package_name,
          purchaseName: r.purchase_name,
          sysOrgCode: r.sys_org_code,
          departName: r.depart_name,
          uploadTime: formatDateTime(new Date(r.upload_time)) ?? '',
        }),
      );
      return pageResult(q, records, total);
    },

    purchaseList(actor, q) {
      const where = and(packageScope(actor), nameFilter(q.name), projectFilter(q.projectId));
      return fetchPage(
        q,
        db.select({ n: count() }).from(p).where(where),
        (offset, limit) =>
          db
            .select({
              id: p.id,
              sysOrgCode: p.sysOrgCode,
              departName: sysDepart.departName,
              purchaseName: p.purchaseName,
              packageNo: p.packageNo,
              packageName: p.packageName,
              purchaseStage: p.purchaseStage,
              fixedPrice: p.fixedPrice,
              openingStartTime: p.openingStartTime,
              createTime: p.createTime,
            })
            .from(p)
            .leftJoin(sysDepart, eq(sysDepart.orgCode, p.sysOrgCode))
            .where(where)
            // By department, so that one department's rows are consecutive and its 所属部门 cells merge.
            .orderBy(asc(p.sysOrgCode), asc(p.createTime), asc(p.id))
            .limit(limit)
            .offset(offset),
        (r): PurchaseListRowDto => ({
          ...r,
          openingStartTime: formatDateTime(r.openingStartTime),
          createTime: formatDateTime(r.createTime) ?? '',
        }),
      );
    },

    async packageDetails(actor, q) {
      const where = and(packageScope(actor), nameFilter(q.name), projectFilter(q.projectId));
      const offset = (q.pageNo - 1) * q.pageSize;
      // Paged by package: the page's packages first, then all their bidders, so a merged group is never cut.
      const [total, packages] = await Promise.all([
        totalOf(db.select({ n: count() }).from(p).where(where)),
        db
          .select({ id: p.id })
          .from(p)
          .where(where)
          .orderBy(desc(p.createTime), desc(p.id))
          .limit(q.pageSize)
          .offset(offset),
      ]);
      if (!packages.length) return pageResult(q, [], total);
      const ids = packages.map((r) => r.id);
      const rows = await db
        .select({
          packageId: p.id,
          packageNo: p.packageNo,
          packageName: p.packageName,
          purchaseStage: p.purchaseStage,
          bidId: purchaseBid.id,
          supplierName: supplier.name,
          quoteKind: purchaseBid.quoteKind,
          price: purchaseBid.price,
          rate: purchaseBid.rate,
          openedTime: purchaseBid.openedTime,
          bidTime: sql<Date | null>`coalesce(${purchaseBid.updateTime}, ${purchaseBid.submitTime})`.mapWith(
            (v: string | Date | null) => (v ? new Date(v) : null),
          ),
        })
        .from(p)
        .leftJoin(purchaseBid, and(eq(purchaseBid.packageId, p.id), eq(purchaseBid.status, '1')))
        .leftJoin(supplier, eq(supplier.id, purchaseBid.supplierId))
        .where(inArray(p.id, ids))
        .orderBy(desc(p.createTime), desc(p.id), asc(purchaseBid.submitTime), asc(purchaseBid.id));
      const records = rows.map((r): PackageDetailRowDto => {
        const opened = r.openedTime !== null;
        return {
          id: r.bidId ? `${r.packageId}:${r.bidId}` : r.packageId,
          packageId: r.packageId,
          packageNo: r.packageNo,
          packageName: r.packageName,
          purchaseStage: r.purchaseStage,
          supplierName: r.supplierName,
          // The quotation exists in clear only after the opening; before it the column is null and stays so here.
          quote: opened ? (r.quoteKind === 'rate' ? r.rate : r.price) : null,
          quoteKind: (r.quoteKind as 'price' | 'rate' | null) ?? null,
          sealed: r.bidId !== null && !opened,
          bidTime: formatDateTime(r.bidTime),
        };
      });
      return pageResult(q, records, total);
    },
  };
}
