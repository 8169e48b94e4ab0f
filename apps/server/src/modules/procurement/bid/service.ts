import {
  type AwardLetterKind,
  BID_STATUS,
  type BidDto,
  checkQuote,
  formatDateTime,
  PROCUREMENT_BID_MESSAGES as M,
  NOTICE_STATUS,
  type OpeningDto,
  type PageResult,
  type SignUpDto,
  SUPPLIER_MESSAGES,
  SUPPLIER_STATUS,
  stageName,
} from '@aps/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { sysFile } from '../../platform/file/tables.ts';
import type { DataScope } from '../../platform/permission/data-scope.ts';
import { checkSupplierEligibility, type SupplierRef, supplierOfUser } from '../supplier/eligibility.ts';
import { supplier } from '../supplier/tables.ts';
import { onAward } from './award.ts';
import {
  type BidActor,
  type BidHooks,
  type BidInput,
  openedQuote,
  type PageQuery,
  page,
  type SealedQuote,
  sealBinding,
  toBidDto,
  toOpeningDto,
} from './common.ts';
import { createOpeningHooks } from './opening.ts';
import { loadPackage, type PackageRef } from './package-ref.ts';
import type { BidSeal } from './seal.ts';
import { type BidFile, purchaseAwardLetter, purchaseBid, purchaseOpening, purchaseSignUp } from './tables.ts';

export type { BidActor, BidHooks, BidInput, PageQuery } from './common.ts';

export interface BidService extends BidHooks {
  signUp(actor: BidActor, packageId: string): Promise<SignUpDto>;
  mySignUps(actor: BidActor, q: PageQuery): Promise<PageResult<SignUpDto>>;
  submit(actor: BidActor, input: BidInput): Promise<BidDto>;
  withdraw(actor: BidActor, packageId: string): Promise<void>;
  myBids(actor: BidActor, q: PageQuery): Promise<PageResult<BidDto>>;
  /** The supplier's own bid of a package with its quotation (theirs to read), or null. */
  myBid(actor: BidActor, packageId: string): Promise<BidDto | null>;
  /** Staff: the package's sign-ups (data scope). */
  signUps(tenantId: number, scope: DataScope, packageId: string): Promise<SignUpDto[]>;
  /** Staff: the package's bids; amounts are null until the opening (sealed). */
  bids(tenantId: number, scope: DataScope, packageId: string): Promise<BidDto[]>;
  /** Staff: the opening record, or null before the opening. */
  opening(tenantId: number, scope: DataScope, packageId: string): Promise<OpeningDto | null>;
}

/** Stages in which suppliers may sign up (公告中) and bid (公告中, 响应中), before the deadlines. */
const SIGN_UP_STAGES = [2];
const BID_STAGES = [2, 3];
const ACTIVE = 'active';

export function createBidService({ db, seal }: { db: Db; seal: BidSeal }): BidService {
  /**
   * The supplier's own quotation (they wrote it; staff never get it before the opening): after the opening the
   * opened columns are the record, before it the seal is opened for them.
   */
  const ownQuote = (row: typeof purchaseBid.$inferSelect): SealedQuote =>
    openedQuote(row) ??
    (JSON.parse(seal.open(row.sealedQuote, sealBinding(row.tenantId, row.packageId, row.supplierId))) as SealedQuote);

  async function mySupplier(actor: BidActor): Promise<SupplierRef> {
    const s = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!s) throw new ApiError(403, '当前账号未关联供应商，不能报名或投标');
    return s;
  }

  async function assertEligible(tx: DbOrTx, tenantId: number, supplierId: string, category: string | null) {
    const refusal = await checkSupplierEligibility(tx, tenantId, supplierId, category);
    if (refusal) throw badRequest(refusal);
  }

  function assertOpenPackage(pkg: PackageRef) {
    if (pkg.status !== ACTIVE) throw badRequest(M.packageClosed);
  }

  /** The bid window, by the server's clock: the stage, and strictly before the bid deadline. */
  function assertBidWindow(pkg: PackageRef, now: Date) {
    assertOpenPackage(pkg);
    if (!BID_STAGES.includes(pkg.purchaseStage)) throw badRequest(M.bidStage(stageName(pkg.purchaseStage)));
    if (!pkg.bidDeadline || now.getTime() >= pkg.bidDeadline.getTime()) throw badRequest(M.bidDeadlinePassed);
  }

  async function publishedPurchaseNotice(tenantId: number, packageId: string) {
    const r = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM purchase_notice
      WHERE tenant_id = ${tenantId} AND package_id = ${packageId} AND notice_type = 'purchase'
        AND status = ${NOTICE_STATUS.published} AND del_flag = 0`);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  /** Response files: the caller's own uploads in this tenant, PDF only (by content, as the upload detected it). */
  async function resolveFiles(actor: BidActor, refs: string[]): Promise<BidFile[]> {
    const unique = [...new Set(refs.map((r) => r.trim().replace(/^\/+/, '')).filter(Boolean))];
    if (unique.length === 0) throw badRequest(M.filesRequired);
    const ids = unique.filter((r) => /^[0-9a-f-]{36}$/i.test(r));
    const rows = await db
      .select()
      .from(sysFile)
      .where(
        and(
          eq(sysFile.tenantId, actor.tenantId),
          eq(sysFile.createBy, actor.userId),
          ids.length
            ? or(inArray(sysFile.id, ids), inArray(sysFile.storageKey, unique))
            : inArray(sysFile.storageKey, unique),
        ),
      );
    return unique.map((ref) => {
      const row = rows.find((r) => r.id === ref || r.storageKey === ref);
      if (!row) throw badRequest(M.fileNotOwn);
      if (row.mime !== 'application/pdf') throw badRequest(M.fileNotPdf(row.fileName));
      return { fileId: row.id, filePath: row.storageKey, fileName: row.fileName, fileSize: row.size };
    });
  }

  async function bidRows(where: ReturnType<typeof and>) {
    return db
      .select({ bid: purchaseBid, supplierName: supplier.name })
      .from(purchaseBid)
      .innerJoin(supplier, eq(supplier.id, purchaseBid.supplierId))
      .where(where)
      .orderBy(purchaseBid.submitTime, purchaseBid.id)
      .then((rows) => rows.map((r) => ({ ...r.bid, supplierName: r.supplierName })));
  }

  const hooks: BidHooks = { ...createOpeningHooks(seal), onAward };

  return {
    ...hooks,

    async signUp(actor, packageId) {
      const me = await mySupplier(actor);
      return db.transaction(async (tx) => {
        const pkg = await loadPackage(tx, actor.tenantId, packageId, { lock: 'share' });
        await assertEligible(tx, actor.tenantId, me.id, pkg.purchaseCategory);
        assertOpenPackage(pkg);
        if (!SIGN_UP_STAGES.includes(pkg.purchaseStage)) throw badRequest(M.signUpStage(stageName(pkg.purchaseStage)));
        if (!(await publishedPurchaseNotice(actor.tenantId, packageId))) throw badRequest(M.noPublishedNotice);
        const now = Date.now();
        if (pkg.signUpStartTime && now < pkg.signUpStartTime.getTime()) throw badRequest(M.signUpNotStarted);
        if (pkg.signUpEndTime && now > pkg.signUpEndTime.getTime()) throw badRequest(M.signUpEnded);
        const [row] = await tx
          .insert(purchaseSignUp)
          .values({ tenantId: actor.tenantId, packageId, supplierId: me.id, userId: actor.userId })
          .onConflictDoNothing()
          .returning();
        if (!row) throw badRequest(M.signUpDuplicate);
        return {
          id: row.id,
          packageId,
          supplierId: me.id,
          supplierName: me.name,
          status: row.status,
          signUpTime: formatDateTime(row.signUpTime) ?? '',
          packageName: pkg.packageName,
          purchaseName: pkg.purchaseName,
          purchaseStage: pkg.purchaseStage,
          bidDeadline: formatDateTime(pkg.bidDeadline),
        };
      });
    },

    async mySignUps(actor, q) {
      const me = await mySupplier(actor);
      const r = await db.execute<{
        id: string;
        package_id: string;
        status: string;
        sign_up_time: string;
        package_name: string;
        purchase_name: string;
        purchase_stage: number;
        bid_deadline: string | null;
        total: number;
      }>(sql`
        SELECT s.id, s.package_id, s.status, s.sign_up_time, p.package_name, p.purchase_name, p.purchase_stage,
               p.bid_deadline, count(*) OVER ()::int AS total
        FROM purchase_sign_up s JOIN purchase_package p ON p.id = s.package_id
        WHERE s.tenant_id = ${actor.tenantId} AND s.supplier_id = ${me.id}
        ORDER BY s.sign_up_time DESC, s.id
        LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`);
      const records = r.rows.map((row) => ({
        id: row.id,
        packageId: row.package_id,
        supplierId: me.id,
        supplierName: me.name,
        status: row.status,
        signUpTime: formatDateTime(row.sign_up_time) ?? '',
        packageName: row.package_name,
        purchaseName: row.purchase_name,
        purchaseStage: Number(row.purchase_stage),
        bidDeadline: formatDateTime(row.bid_deadline),
      }));
      return page(records, r.rows[0]?.total ?? 0, q);
    },

    async submit(actor, input) {
      const me = await mySupplier(actor);
      const files = await resolveFiles(actor, input.fileIds ?? []);
      return db.transaction(async (tx) => {
        const pkg = await loadPackage(tx, actor.tenantId, input.packageId, { lock: 'share' });
        await assertEligible(tx, actor.tenantId, me.id, pkg.purchaseCategory);
        assertBidWindow(pkg, new Date());
        const [signUp] = await tx
          .select()
          .from(purchaseSignUp)
          .where(
            and(
              eq(purchaseSignUp.tenantId, actor.tenantId),
              eq(purchaseSignUp.packageId, pkg.id),
              eq(purchaseSignUp.supplierId, me.id),
            ),
          );
        if (!signUp) throw badRequest(M.signUpRequired);
        const check = checkQuote(pkg, { price: input.price ?? null, rate: input.rate ?? null });
        if (!check.ok) throw badRequest(check.message);
        const quote: SealedQuote = {
          kind: check.kind,
          price: check.price,
          rate: check.rate,
          evaluatedPrice: check.evaluatedPrice,
        };
        const sealedQuote = seal.seal(JSON.stringify(quote), sealBinding(actor.tenantId, pkg.id, me.id));
        const [row] = await tx
          .insert(purchaseBid)
          .values({
            tenantId: actor.tenantId,
            packageId: pkg.id,
            supplierId: me.id,
            signUpId: signUp.id,
            status: BID_STATUS.submitted,
            quoteKind: check.kind,
            sealedQuote,
            files,
            submitBy: actor.userId,
          })
          .onConflictDoUpdate({
            target: [purchaseBid.packageId, purchaseBid.supplierId],
            set: {
              status: BID_STATUS.submitted,
              quoteKind: check.kind,
              sealedQuote,
              files,
              submitBy: actor.userId,
              revision: sql`${purchaseBid.revision} + 1`,
              updateTime: sql`now()`,
              withdrawTime: null,
            },
          })
          .returning();
        if (!row) throw new Error('bid upsert failed');
        return toBidDto({ ...row, supplierName: me.name }, quote, {
          packageName: pkg.packageName,
          purchaseName: pkg.purchaseName,
          bidDeadline: formatDateTime(pkg.bidDeadline),
        });
      });
    },

    async withdraw(actor, packageId) {
      const me = await mySupplier(actor);
      await db.transaction(async (tx) => {
        const pkg = await loadPackage(tx, actor.tenantId, packageId, { lock: 'share' });
        assertBidWindow(pkg, new Date());
        const updated = await tx
          .update(purchaseBid)
          .set({ status: BID_STATUS.withdrawn, withdrawTime: sql`now()` })
          .where(
            and(
              eq(purchaseBid.tenantId, actor.tenantId),
              eq(purchaseBid.packageId, packageId),
              eq(purchaseBid.supplierId, me.id),
              eq(purchaseBid.status, BID_STATUS.submitted),
            ),
          )
          .returning({ id: purchaseBid.id });
        if (updated.length === 0) throw notFound(M.bidNotFound);
      });
    },

    async myBids(actor, q) {
      const me = await mySupplier(actor);
      const where = and(eq(purchaseBid.tenantId, actor.tenantId), eq(purchaseBid.supplierId, me.id));
      const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(purchaseBid).where(where);
      const rows = await db
        .select({
          bid: purchaseBid,
          packageName: sql<string>`p.package_name`,
          purchaseName: sql<string>`p.purchase_name`,
          bidDeadline: sql<string | null>`p.bid_deadline`,
          letterId: purchaseAwardLetter.id,
          letterKind: purchaseAwardLetter.kind,
        })
        .from(purchaseBid)
        .innerJoin(sql`purchase_package p`, sql`p.id = ${purchaseBid.packageId}`)
        // The award's letter to this supplier (中标/未中标), once the package is awarded.
        .leftJoin(
          purchaseAwardLetter,
          and(
            eq(purchaseAwardLetter.packageId, purchaseBid.packageId),
            eq(purchaseAwardLetter.supplierId, purchaseBid.supplierId),
          ),
        )
        .where(where)
        .orderBy(sql`${purchaseBid.submitTime} DESC`, purchaseBid.id)
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize);
      const records = rows.map((r) =>
        toBidDto({ ...r.bid, supplierName: me.name }, ownQuote(r.bid), {
          packageName: r.packageName,
          purchaseName: r.purchaseName,
          bidDeadline: formatDateTime(r.bidDeadline),
          letterId: r.letterId,
          letterType: r.letterKind as AwardLetterKind | null,
        }),
      );
      return page(records, countRow?.n ?? 0, q);
    },

    async myBid(actor, packageId) {
      const me = await mySupplier(actor);
      const [row] = await bidRows(
        and(
          eq(purchaseBid.tenantId, actor.tenantId),
          eq(purchaseBid.packageId, packageId),
          eq(purchaseBid.supplierId, me.id),
        ),
      );
      return row ? toBidDto(row, ownQuote(row)) : null;
    },

    async signUps(tenantId, scope, packageId) {
      await loadPackage(db, tenantId, packageId, { scope });
      const rows = await db
        .select({
          s: purchaseSignUp,
          supplierName: supplier.name,
          supplierStatus: supplier.status,
          suspendedReason: supplier.suspendedReason,
        })
        .from(purchaseSignUp)
        .innerJoin(supplier, eq(supplier.id, purchaseSignUp.supplierId))
        .where(and(eq(purchaseSignUp.tenantId, tenantId), eq(purchaseSignUp.packageId, packageId)))
        .orderBy(purchaseSignUp.signUpTime, purchaseSignUp.id);
      return rows.map(({ s, supplierName, supplierStatus, suspendedReason }) => ({
        // 暂停 may take part: the buyer sees why (issue 16).
        supplierWarning:
          supplierStatus === SUPPLIER_STATUS.suspended ? SUPPLIER_MESSAGES.suspendedWarning(suspendedReason) : null,
        id: s.id,
        packageId: s.packageId,
        supplierId: s.supplierId,
        supplierName,
        status: s.status,
        signUpTime: formatDateTime(s.signUpTime) ?? '',
      }));
    },

    async bids(tenantId, scope, packageId) {
      await loadPackage(db, tenantId, packageId, { scope });
      const rows = await bidRows(and(eq(purchaseBid.tenantId, tenantId), eq(purchaseBid.packageId, packageId)));
      // Staff never read a sealed value: before the opening the quote columns are null and nothing is decrypted.
      return rows.map((row) => toBidDto(row, openedQuote(row)));
    },

    async opening(tenantId, scope, packageId) {
      await loadPackage(db, tenantId, packageId, { scope });
      const [row] = await db
        .select()
        .from(purchaseOpening)
        .where(and(eq(purchaseOpening.tenantId, tenantId), eq(purchaseOpening.packageId, packageId)));
      return row ? toOpeningDto(row) : null;
    },
  };
}
