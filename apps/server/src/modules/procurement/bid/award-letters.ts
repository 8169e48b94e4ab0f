import {
  type AwardLetterDto,
  type AwardLetterKind,
  type AwardLetterListQuery,
  formatDateTime,
  PROCUREMENT_BID_MESSAGES as M,
  type PackageDto,
  type PageResult,
} from '@aps/shared';
import { type SQL, sql } from 'drizzle-orm';
import { ApiError, notFound } from '../../../core/envelope.ts';
import { cachedOrLoad } from '../../../core/list-cache.ts';
import { fetchPage } from '../../../core/paging.ts';
import { escapeLike } from '../../../core/super-query.ts';
import type { Db } from '../../../db/client.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { supplierOfUser } from '../supplier/eligibility.ts';
import type { BidActor } from './common.ts';
import { packageScopeSql } from './package-ref.ts';

/**
 * Reading the award letters (issue 14 §9) that `onAward` wrote: staff in the data scope of the package's
 * department, a supplier only its own. The letter number is derived, not stored (no migration for it): see
 * `LETTER_NO`.
 */
export interface AwardLetterService {
  list(tenantId: number, scope: DataScope, q: AwardLetterListQuery): Promise<PageResult<AwardLetterDto>>;
  queryById(tenantId: number, scope: DataScope, id: string): Promise<AwardLetterDto>;
  /** The caller's supplier's letters, newest first. */
  my(actor: BidActor, q: { pageNo: number; pageSize: number }): Promise<PageResult<AwardLetterDto>>;
  /** One letter of the caller's supplier (another supplier's id answers 404, as a missing one). */
  myById(actor: BidActor, id: string): Promise<AwardLetterDto>;
  /** The winners' letters of these packages (package list rows of 采购结果 carry letterNo and letterId). */
  winnerLetters(tenantId: number, packageIds: string[]): Promise<Map<string, { id: string; letterNo: string }>>;
}

type LetterRow = {
  id: string;
  kind: AwardLetterKind;
  package_id: string;
  package_no: string;
  package_name: string;
  purchase_code: string;
  purchase_name: string;
  supplier_id: string;
  supplier_name: string;
  price: string | null;
  send_time: Date | string;
  read_state: boolean | null;
  letter_no: string;
};

const TABLES = ['purchase_award_letter', 'purchase_package', 'supplier', 'purchase_bid', 'sys_announcement_send'];

/**
 * ZB-<purchaseCode>-<packageNo> for the one winner of a package; WZB-<purchaseCode>-<packageNo>-<nn> for the
 * others, nn their order among the package's 未中标 letters by (create_time, id). Letters are never updated in
 * these columns nor deleted, so the number of a letter never changes.
 */
const LETTER_NO = sql`CASE WHEN l.kind = 'win' THEN 'ZB-' || p.purchase_code || '-' || p.package_no
  ELSE 'WZB-' || p.purchase_code || '-' || p.package_no || '-' || lpad((
    SELECT count(*) FROM purchase_award_letter l2
    WHERE l2.package_id = l.package_id AND l2.kind = 'lose' AND (l2.create_time, l2.id) <= (l.create_time, l.id)
  )::text, 2, '0') END`;

/** Send time: the bell message's (the letter's own time when no supplier user was there to receive it). */
const SELECT = sql`SELECT l.id, l.kind, l.package_id, p.package_no, p.package_name, p.purchase_code,
  p.purchase_name, l.supplier_id, s.name AS supplier_name,
  CASE WHEN l.kind = 'win' THEN b.evaluated_price::text END AS price,
  coalesce(a.send_time, l.create_time) AS send_time,
  (SELECT bool_or(x.read_flag) FROM sys_announcement_send x WHERE x.annt_id = l.announcement_id) AS read_state,
  ${LETTER_NO} AS letter_no
  FROM purchase_award_letter l
  JOIN purchase_package p ON p.id = l.package_id
  JOIN supplier s ON s.id = l.supplier_id
  LEFT JOIN purchase_bid b ON b.package_id = l.package_id AND b.supplier_id = l.supplier_id
  LEFT JOIN sys_announcement a ON a.id = l.announcement_id`;

const toDto = (r: LetterRow): AwardLetterDto => ({
  id: r.id,
  letterNo: r.letter_no,
  packageId: r.package_id,
  packageNo: r.package_no,
  packageName: r.package_name,
  purchaseCode: r.purchase_code,
  purchaseName: r.purchase_name,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  type: r.kind,
  price: r.price,
  sendTime: formatDateTime(r.send_time) ?? '',
  readState: r.read_state ? '1' : '0',
});

export function createAwardLetterService(db: Db): AwardLetterService {
  async function mySupplierId(actor: BidActor): Promise<string> {
    const me = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!me) throw new ApiError(403, '当前账号未关联供应商');
    return me.id;
  }

  /** One page under a WHERE built only from bound values (tenant, scope, filters). */
  function pageOf(where: SQL, key: string, q: { pageNo: number; pageSize: number }) {
    return fetchPage(
      q,
      {
        key: `awardLetter\u0000${key}`,
        tables: TABLES,
        count: async () => {
          const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM purchase_award_letter l
            JOIN purchase_package p ON p.id = l.package_id JOIN supplier s ON s.id = l.supplier_id WHERE ${where}`);
          return r.rows[0]?.n ?? 0;
        },
      },
      async (offset, limit) =>
        (
          await db.execute<LetterRow>(
            sql`${SELECT} WHERE ${where} ORDER BY l.create_time DESC, l.kind DESC, l.id LIMIT ${limit} OFFSET ${offset}`,
          )
        ).rows,
      toDto,
    );
  }

  return {
    list(tenantId, scope, q) {
      const filters = [sql`l.tenant_id = ${tenantId}${packageScopeSql(scope)}`];
      if (q.packageId) filters.push(sql`l.package_id = ${q.packageId}`);
      if (q.supplierName) filters.push(sql`s.name ILIKE ${`%${escapeLike(q.supplierName)}%`}`);
      if (q.type) filters.push(sql`l.kind = ${q.type}`);
      const key = JSON.stringify([tenantId, scope, q.packageId, q.supplierName, q.type]);
      return pageOf(sql.join(filters, sql` AND `), key, q);
    },

    async queryById(tenantId, scope, id) {
      const r = await db.execute<LetterRow>(
        sql`${SELECT} WHERE l.id = ${id} AND l.tenant_id = ${tenantId}${packageScopeSql(scope)}`,
      );
      const row = r.rows[0];
      if (!row) throw notFound(M.letterNotFound);
      return toDto(row);
    },

    async my(actor, q) {
      const me = await mySupplierId(actor);
      // The supplier filter is the isolation: a supplier never reaches another's letter, by list or by id.
      const where = sql`l.tenant_id = ${actor.tenantId} AND l.supplier_id = ${me}`;
      return pageOf(where, JSON.stringify([actor.tenantId, me]), q);
    },

    async myById(actor, id) {
      const me = await mySupplierId(actor);
      const r = await db.execute<LetterRow>(
        sql`${SELECT} WHERE l.id = ${id} AND l.tenant_id = ${actor.tenantId} AND l.supplier_id = ${me}`,
      );
      const row = r.rows[0];
      if (!row) throw notFound(M.letterNotFound);
      return toDto(row);
    },

    async winnerLetters(tenantId, packageIds) {
      if (packageIds.length === 0) return new Map();
      // Asked with every package list page of 采购结果: kept in the list cache with the page it decorates, until a
      // letter or a package changes (an uncached lookup halved the list's throughput at 1M packages).
      const key = `winnerLetters\u0000${tenantId}\u0000${[...packageIds].sort().join(',')}`;
      return cachedOrLoad(key, ['purchase_award_letter', 'purchase_package'], async () => {
        const out = new Map<string, { id: string; letterNo: string }>();
        const r = await db.execute<{ id: string; package_id: string; letter_no: string }>(sql`
          SELECT l.id, l.package_id, ${LETTER_NO} AS letter_no
          FROM purchase_award_letter l JOIN purchase_package p ON p.id = l.package_id
          WHERE l.tenant_id = ${tenantId} AND l.kind = 'win' AND l.package_id IN (${sql.join(
            packageIds.map((id) => sql`${id}`),
            sql`, `,
          )})`);
        for (const row of r.rows) out.set(row.package_id, { id: row.id, letterNo: row.letter_no });
        return out;
      });
    },
  };
}

/**
 * The package list rows with their winner's letterNo and letterId (issue 14 §3): one indexed read for the page's
 * awarded rows only, so the list query itself (and its bench) is unchanged. Rows are copied, not mutated.
 */
export async function withWinnerLetters(
  letters: AwardLetterService,
  tenantId: number,
  result: PageResult<PackageDto>,
): Promise<PageResult<PackageDto>> {
  const awarded = result.records.filter((r) => r.purchaseStage === 12).map((r) => r.id);
  const found = await letters.winnerLetters(tenantId, awarded);
  return {
    ...result,
    records: result.records.map((r) => {
      const letter = found.get(r.id);
      return { ...r, letterNo: letter?.letterNo ?? null, letterId: letter?.id ?? null };
    }),
  };
}
