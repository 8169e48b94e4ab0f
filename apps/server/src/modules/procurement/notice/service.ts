import {
  PROCUREMENT_BID_MESSAGES as M,
  NOTICE_STATUS,
  NOTICE_TYPES,
  type NoticeDto,
  type NoticeType,
  type PageResult,
  type SupplierNoticeDto,
  stageName,
  TIMETABLE_FIELD_KEYS,
  TIMETABLE_FIELDS,
  type Timetable,
} from '@aps/shared';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sanitizeAnnouncementHtml } from '../../platform/announcement/sanitize.ts';
import { containsPattern } from '../../platform/dict/kit.ts';
import { sysFile } from '../../platform/file/tables.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { page } from '../bid/common.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import { loadPackage, type PackageRef, packageScopeSql } from '../bid/package-ref.ts';
import { supplierOfUser } from '../supplier/eligibility.ts';
import { type Row, SELECT, type SupplierRow, toDto, toSupplierDto } from './dto.ts';
import { type NoticeAttachment, purchaseNotice } from './tables.ts';

export interface NoticeActor {
  tenantId: number;
  userId: string;
  username: string;
  departId?: string | null;
}

export interface NoticeInput {
  packageId: string;
  noticeType: string;
  title: string;
  content: string;
  attachments?: string[] | undefined;
  /** 变更公告 only: the new timetable, applied on publication. */
  timetable?: Timetable | null | undefined;
}

export interface NoticeListQuery {
  pageNo: number;
  pageSize: number;
  noticeType?: string | undefined;
  title?: string | undefined;
  packageId?: string | undefined;
  status?: string | undefined;
}

/**
 * The project module's publish action (selection preparation checked, 1→2 through the stage service), run in the
 * request's transaction together with the notice's publication.
 */
export type PublishPackage = (actor: NoticeActor & { scope: DataScope }, packageId: string) => Promise<void>;

/**
 * The project module's timetable change of a 变更公告 (rules, times, history row; 待开标 → 响应中 when the bid
 * deadline is extended), in the publishing transaction. Null when nothing changes.
 */
export type ChangeTimetable = (
  tx: DbOrTx,
  actor: NoticeActor,
  packageId: string,
  next: Timetable,
) => Promise<{ before: Timetable; after: Timetable; changed: string[] } | null>;

export interface NoticeService {
  list(tenantId: number, scope: DataScope, q: NoticeListQuery): Promise<PageResult<NoticeDto>>;
  byId(tenantId: number, scope: DataScope, id: string): Promise<NoticeDto>;
  add(actor: NoticeActor, scope: DataScope, input: NoticeInput): Promise<NoticeDto>;
  edit(actor: NoticeActor, scope: DataScope, input: NoticeInput & { id: string }): Promise<NoticeDto>;
  remove(tenantId: number, scope: DataScope, id: string): Promise<void>;
  publish(actor: NoticeActor, scope: DataScope, id: string): Promise<NoticeDto>;
  revoke(actor: NoticeActor, scope: DataScope, id: string): Promise<NoticeDto>;
  /** Published notices for suppliers (the PurchaseAnnouncementTabs page), with their own sign-up and bid state. */
  supplierList(
    actor: NoticeActor,
    q: Omit<NoticeListQuery, 'status' | 'packageId'>,
  ): Promise<PageResult<SupplierNoticeDto>>;
  supplierById(actor: NoticeActor, id: string): Promise<SupplierNoticeDto>;
  /**
   * A 修改 work order's correction of a notice's title (issue 17 §4): drafts and published notices only (a revoked
   * notice is history), in the caller's scope; returns the value before and after.
   */
  correctTitle(
    actor: NoticeActor,
    scope: DataScope,
    id: string,
    title: string,
  ): Promise<{ before: string; after: string }>;
  /** Adds and publishes a notice in one step (the stage service's 终止/流标 follow-ups use it). */
  publishNew(db: DbOrTx, actor: NoticeActor, input: NoticeInput): Promise<string>;
}

/** Which package states a notice type may be published in (the 采购公告 is checked by the stage service). */
function assertTypeFits(type: NoticeType, pkg: PackageRef) {
  const name = NOTICE_TYPES[type];
  if (type === 'change' && !(pkg.purchaseStage >= 2 && pkg.purchaseStage <= 4)) {
    throw badRequest(M.noticeTypeStage(name, stageName(pkg.purchaseStage)));
  }
  if (type === 'result') {
    if (pkg.purchaseStage < 9) throw badRequest(M.noticeTypeStage(name, stageName(pkg.purchaseStage)));
    if (pkg.electionStatus === '0') throw badRequest(M.noticeResultNormalOnly);
  }
  if (type === 'failed' && pkg.electionStatus !== '0') throw badRequest(M.noticeFailedOnly);
}

export function createNoticeService({
  db,
  publishPackage,
  changeTimetable,
}: {
  db: Db;
  publishPackage: PublishPackage;
  changeTimetable: ChangeTimetable;
}): NoticeService {
  /** A timetable travels only with a 变更公告. */
  const timetableOf = (input: NoticeInput): Timetable | null => {
    if (!input.timetable) return null;
    if (input.noticeType !== 'change') throw badRequest(M.timetableChangeOnly);
    return input.timetable;
  };

  async function rows(where: SQL, q?: { pageNo: number; pageSize: number }, on: DbOrTx = db) {
    const limit = q ? sql`LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}` : sql``;
    const result = await on.execute<Row>(sql`
      SELECT ${SELECT}, count(*) OVER ()::int AS total
      FROM purchase_notice n JOIN purchase_package p ON p.id = n.package_id
      WHERE ${where}
      ORDER BY n.create_time DESC, n.id DESC ${limit}`);
    return result.rows;
  }

  /** One notice in the scope; with `tx`, its row is locked first (FOR UPDATE) in that transaction. */
  async function one(tenantId: number, scope: DataScope | undefined, id: string, tx?: DbOrTx): Promise<Row> {
    if (tx)
      await tx.execute(sql`SELECT 1 FROM purchase_notice WHERE id = ${id} AND tenant_id = ${tenantId} FOR UPDATE`);
    const [row] = await rows(
      sql`n.id = ${id} AND n.tenant_id = ${tenantId} AND n.del_flag = 0${packageScopeSql(scope)}`,
      undefined,
      tx ?? db,
    );
    if (!row) throw notFound(M.noticeNotFound);
    return row;
  }

  /** Attachments: files of the tenant (any uploader), by id or path. */
  async function resolveAttachments(tenantId: number, refs: string[] | undefined): Promise<NoticeAttachment[]> {
    const unique = [...new Set((refs ?? []).map((r) => r.trim().replace(/^\/+/, '')).filter(Boolean))];
    if (unique.length === 0) return [];
    const ids = unique.filter((r) => /^[0-9a-f-]{36}$/i.test(r));
    const files = await db
      .select()
      .from(sysFile)
      .where(
        and(
          eq(sysFile.tenantId, tenantId),
          ids.length
            ? or(inArray(sysFile.id, ids), inArray(sysFile.storageKey, unique))
            : inArray(sysFile.storageKey, unique),
        ),
      );
    return unique.map((ref) => {
      const f = files.find((x) => x.id === ref || x.storageKey === ref);
      if (!f) throw badRequest(M.attachmentMissing);
      return { fileId: f.id, filePath: f.storageKey, fileName: f.fileName, fileSize: f.size };
    });
  }

  async function insert(tx: DbOrTx, actor: NoticeActor, pkg: PackageRef, input: NoticeInput) {
    const [row] = await tx
      .insert(purchaseNotice)
      .values({
        tenantId: actor.tenantId,
        packageId: pkg.id,
        sysOrgCode: pkg.sysOrgCode,
        noticeType: input.noticeType,
        title: input.title,
        content: sanitizeAnnouncementHtml(input.content),
        attachments: await resolveAttachments(actor.tenantId, input.attachments),
        timetableAfter: timetableOf(input),
        createBy: actor.username,
      })
      .returning({ id: purchaseNotice.id });
    if (!row) throw new Error('notice insert failed');
    return row.id;
  }

  /** Publishes a locked draft: the type's stage rule, the 采购公告's 1→2 through the stage service, the row. */
  async function publishRow(
    tx: DbOrTx,
    actor: NoticeActor,
    scope: DataScope,
    id: string,
    type: NoticeType,
    packageId: string,
    timetable: Timetable | null,
  ) {
    const pkg = await loadPackage(tx, actor.tenantId, packageId);
    if (type === 'purchase') await publishPackage({ ...actor, scope }, packageId);
    else assertTypeFits(type, pkg);
    let before: Timetable | null = null;
    let after: Timetable | null = null;
    if (type === 'change' && timetable) {
      const change = await changeTimetable(tx, actor, packageId, timetable);
      if (change) {
        ({ before, after } = change);
        await notifySignedUp(tx, actor.tenantId, pkg, id, change);
      }
    }
    await tx
      .update(purchaseNotice)
      .set({
        status: NOTICE_STATUS.published,
        publishTime: sql`now()`,
        publishBy: actor.username,
        revokeTime: null,
        // A change that moved nothing keeps no timetable: the notice is text only.
        timetableAfter: after,
        timetableBefore: before,
      })
      .where(eq(purchaseNotice.id, id));
  }

  /** Every signed-up supplier's users hear of a timetable change in their bell (as award letters are sent). */
  async function notifySignedUp(
    tx: DbOrTx,
    tenantId: number,
    pkg: PackageRef,
    noticeId: string,
    change: { before: Timetable; after: Timetable; changed: string[] },
  ) {
    const users = await tx.execute<{ user_id: string }>(sql`
      SELECT DISTINCT su.user_id FROM purchase_sign_up s
      JOIN supplier_user su ON su.supplier_id = s.supplier_id AND su.tenant_id = s.tenant_id
      WHERE s.package_id = ${pkg.id} AND s.tenant_id = ${tenantId}`);
    const subject = `${pkg.purchaseName}（${pkg.packageName}）`;
    const lines = TIMETABLE_FIELD_KEYS.filter((f) => change.changed.includes(f)).map(
      (f) =>
        `<li>${TIMETABLE_FIELDS[f]}：原 ${escapeHtml(change.before[f] ?? '')} → 新 ${escapeHtml(change.after[f] ?? '')}</li>`,
    );
    const title = `时间变更：${subject}`;
    await sendBellMessage(tx, {
      tenantId,
      userIds: users.rows.map((u) => u.user_id),
      title,
      html: `<p>${escapeHtml(subject)}发布了变更公告，时间安排变更如下：</p><ul>${lines.join('')}</ul>`,
      abstract: title,
      busType: 'purchase_notice_change',
      busId: noticeId,
    });
  }

  const service: NoticeService = {
    async list(tenantId, scope, q) {
      const parts: SQL[] = [sql`n.tenant_id = ${tenantId} AND n.del_flag = 0${packageScopeSql(scope)}`];
      if (q.noticeType) parts.push(sql`n.notice_type = ${q.noticeType}`);
      if (q.packageId) parts.push(sql`n.package_id = ${q.packageId}`);
      if (q.status) parts.push(sql`n.status = ${q.status}`);
      if (q.title) parts.push(sql`n.title ILIKE ${containsPattern(q.title)}`);
      const found = await rows(sql.join(parts, sql` AND `), q);
      return page(found.map(toDto), found[0]?.total ?? 0, q);
    },

    async byId(tenantId, scope, id) {
      return toDto(await one(tenantId, scope, id));
    },

    async add(actor, scope, input) {
      const id = await db.transaction(async (tx) => {
        const pkg = await loadPackage(tx, actor.tenantId, input.packageId, { scope });
        return insert(tx, actor, pkg, input);
      });
      return service.byId(actor.tenantId, scope, id);
    },

    async edit(actor, scope, input) {
      await db.transaction(async (tx) => {
        const row = await one(actor.tenantId, scope, input.id, tx);
        if (row.status !== NOTICE_STATUS.draft) throw badRequest(M.noticeNotEditable);
        const pkg = await loadPackage(tx, actor.tenantId, input.packageId, { scope });
        await tx
          .update(purchaseNotice)
          .set({
            packageId: pkg.id,
            sysOrgCode: pkg.sysOrgCode,
            noticeType: input.noticeType,
            title: input.title,
            content: sanitizeAnnouncementHtml(input.content),
            attachments: await resolveAttachments(actor.tenantId, input.attachments),
            timetableAfter: timetableOf(input),
            updateBy: actor.username,
            updateTime: sql`now()`,
          })
          .where(eq(purchaseNotice.id, input.id));
      });
      return service.byId(actor.tenantId, scope, input.id);
    },

    async remove(tenantId, scope, id) {
      await db.transaction(async (tx) => {
        const row = await one(tenantId, scope, id, tx);
        if (row.status !== NOTICE_STATUS.draft) throw badRequest(M.noticeNotEditable);
        await tx.update(purchaseNotice).set({ delFlag: 1 }).where(eq(purchaseNotice.id, id));
      });
    },

    async publish(actor, scope, id) {
      await db.transaction(async (tx) => {
        const row = await one(actor.tenantId, scope, id, tx);
        if (row.status !== NOTICE_STATUS.draft) throw badRequest(M.noticeNotPublishable);
        await publishRow(tx, actor, scope, id, row.notice_type as NoticeType, row.package_id, row.timetable_after);
      });
      return service.byId(actor.tenantId, scope, id);
    },

    async correctTitle(actor, scope, id, title) {
      return db.transaction(async (tx) => {
        const row = await one(actor.tenantId, scope, id, tx);
        if (row.status === NOTICE_STATUS.revoked) throw badRequest(M.noticeRevokedNotCorrectable);
        await tx
          .update(purchaseNotice)
          .set({ title, updateBy: actor.username, updateTime: sql`now()` })
          .where(eq(purchaseNotice.id, id));
        return { before: row.title, after: title };
      });
    },

    async revoke(actor, scope, id) {
      await db.transaction(async (tx) => {
        const row = await one(actor.tenantId, scope, id, tx);
        if (row.status !== NOTICE_STATUS.published) throw badRequest(M.noticeNotRevocable);
        if (row.notice_type === 'purchase') {
          const r = await tx.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM purchase_sign_up WHERE package_id = ${row.package_id}`,
          );
          if ((r.rows[0]?.n ?? 0) > 0) throw badRequest(M.noticeRevokeSignedUp);
        }
        // The applied change stays (bids may rely on it); a further 变更公告 moves the times again.
        if (row.notice_type === 'change' && row.timetable_after) throw badRequest(M.noticeRevokeTimetable);
        await tx
          .update(purchaseNotice)
          .set({ status: NOTICE_STATUS.revoked, revokeTime: sql`now()`, updateBy: actor.username })
          .where(eq(purchaseNotice.id, id));
      });
      return service.byId(actor.tenantId, scope, id);
    },

    async supplierList(actor, q) {
      const me = await supplierOfUser(db, actor.tenantId, actor.userId);
      const parts: SQL[] = [
        sql`n.tenant_id = ${actor.tenantId} AND n.del_flag = 0 AND n.status = ${NOTICE_STATUS.published}`,
      ];
      if (q.noticeType) parts.push(sql`n.notice_type = ${q.noticeType}`);
      if (q.title) parts.push(sql`n.title ILIKE ${containsPattern(q.title)}`);
      const found = await supplierRows(sql.join(parts, sql` AND `), me?.id ?? null, q);
      return page(found.map(toSupplierDto), found[0]?.total ?? 0, q);
    },

    async supplierById(actor, id) {
      const me = await supplierOfUser(db, actor.tenantId, actor.userId);
      const [row] = await supplierRows(
        sql`n.id = ${id} AND n.tenant_id = ${actor.tenantId} AND n.del_flag = 0 AND n.status = ${NOTICE_STATUS.published}`,
        me?.id ?? null,
      );
      if (!row) throw notFound(M.noticeNotFound);
      return toSupplierDto(row);
    },

    async publishNew(tx, actor, input) {
      const pkg = await loadPackage(tx, actor.tenantId, input.packageId);
      const id = await insert(tx, actor, pkg, input);
      await publishRow(tx, actor, { kind: 'all' }, id, input.noticeType as NoticeType, pkg.id, timetableOf(input));
      return id;
    },
  };

  async function supplierRows(where: SQL, supplierId: string | null, q?: { pageNo: number; pageSize: number }) {
    const limit = q ? sql`LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}` : sql``;
    // A user who is not tied to a supplier sees the notices, never anyone's sign-up (the join matches nothing).
    const mine = supplierId ?? '00000000-0000-0000-0000-000000000000';
    const result = await db.execute<SupplierRow>(sql`
      SELECT ${SELECT}, p.purchase_category, p.sign_up_start_time, p.sign_up_end_time, p.bid_deadline,
             p.opening_start_time, p.fixed_price::text AS fixed_price, p.lower_coefficient_type,
             (s.id IS NOT NULL) AS signed_up, b.status AS bid_status, count(*) OVER ()::int AS total
      FROM purchase_notice n
      JOIN purchase_package p ON p.id = n.package_id
      LEFT JOIN purchase_sign_up s ON s.package_id = n.package_id AND s.supplier_id = ${mine}
      LEFT JOIN purchase_bid b ON b.package_id = n.package_id AND b.supplier_id = ${mine}
      WHERE ${where}
      ORDER BY n.publish_time DESC, n.id DESC ${limit}`);
    return result.rows;
  }

  return service;
}
