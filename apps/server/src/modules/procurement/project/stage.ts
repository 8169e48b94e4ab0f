import {
  assertTransition,
  ELECTION_STATUS,
  PACKAGE_STATUS,
  PACKAGE_STATUS_NAMES,
  type PackageStatus,
  PROCUREMENT_MESSAGES,
  type StageAction,
  type StageActor,
  StageTransitionError,
  targetStage,
  transitionRefusal,
} from '@aps/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { purchasePackage, purchasePackageHistory, purchaseReviewItem } from './tables.ts';

export type PackageRow = typeof purchasePackage.$inferSelect;
type PackagePatch = Partial<Omit<typeof purchasePackage.$inferInsert, 'id' | 'tenantId' | 'purchaseStage'>>;

/** Who moves a package: a user (buyer, or the review module's caller) or the system (a job, a workflow callback). */
export interface StageActorRef {
  username: string;
  role: StageActor;
}

/**
 * What the stage service needs from the modules around it. The bid module (ps-server) implements the bidder count
 * and the opening/award hooks; until it is wired the default count reads its purchase_bid table when present.
 */
export interface StageHooks {
  /** Valid bidders of a package (signed up and a bid submitted, not withdrawn). */
  countValidBidders(db: DbOrTx, tenantId: number, packageId: string): Promise<number>;
  /**
   * After opening (stage 5) or a failed opening (stage 9, '0'), in the same transaction: unseal quotes; the actor
   * is the opening record's 开标人.
   */
  onOpened?(db: DbOrTx, pkg: PackageRow, actor: StageActorRef): Promise<void>;
  /** The opening job's batch: countValidBidders of many packages in one statement (absent = 0 bidders). */
  countValidBiddersMany?(db: DbOrTx, packageIds: readonly string[]): Promise<Map<string, number>>;
  /** The opening job's batch: onOpened of many packages in a fixed number of statements. */
  onOpenedMany?(db: DbOrTx, pkgs: readonly PackageRow[]): Promise<void>;
  /** After the award (stage 12, electionStatus '1'), in the same transaction: award letters and 未中标 notices. */
  onAward?(db: DbOrTx, pkg: PackageRow): Promise<void>;
  /** After a 流标 package is terminated, in the same transaction: the 终止公告. */
  onTerminated?(db: DbOrTx, pkg: PackageRow, reason: string | null): Promise<void>;
}

/** The default bidder count: the package's submitted (status '1', not withdrawn) purchase_bid rows; 0 without the table. */
let bidTableSeen = false;
export async function defaultCountValidBidders(db: DbOrTx, tenantId: number, packageId: string): Promise<number> {
  if (!bidTableSeen) {
    const exists = await db.execute<{ t: string | null }>(sql`SELECT to_regclass('public.purchase_bid')::text AS t`);
    if (!exists.rows[0]?.t) return 0;
    bidTableSeen = true; // Tables are only ever added by migrations: once there, always there.
  }
  const result = await db.execute<{ n: number }>(sql`
    SELECT count(DISTINCT supplier_id)::int AS n FROM purchase_bid
    WHERE tenant_id = ${tenantId} AND package_id = ${packageId} AND status = '1'`);
  return Number(result.rows[0]?.n ?? 0);
}

export interface MoveInput {
  tenantId: number;
  packageId: string;
  action: StageAction;
  actor: StageActorRef;
  reason?: string | null | undefined;
  /** Lands on the transition's failedTo (流标) with electionStatus '0'. */
  failed?: boolean;
  /** Further fields written with the stage (times, review results), in the same UPDATE. */
  patch?: PackagePatch;
  /** Runs after the row is locked and the move checked, before the update: may refuse with an ApiError. */
  check?: (pkg: PackageRow, tx: DbOrTx) => Promise<void>;
  /** Runs after the update and the history row, in the same transaction. */
  after?: (pkg: PackageRow, tx: DbOrTx) => Promise<void>;
}

export interface PackageStages {
  /** THE place a stage changes: row lock, transition table, update, history row, in one transaction. */
  move(db: Db, input: MoveInput): Promise<PackageRow>;
  /** Review seam (5→6): the review module starts the review; reviewStartTime is set. */
  startReview(db: Db, tenantId: number, packageId: string, actor: StageActorRef): Promise<PackageRow>;
  /** Review seam (6|7|8→9): valid bidders and ranked candidates recorded; electionStatus '0' is a 流标. */
  completeReview(
    db: Db,
    tenantId: number,
    packageId: string,
    result: { validBidderIds: string[]; rankedCandidates: string[]; electionStatus: '0' | '1' },
    actor: StageActorRef,
  ): Promise<PackageRow>;
  /** Opening (4→5, or 4→9 '0' when bidders < minimum): by the job at openingStartTime or by the buyer. */
  open(db: Db, tenantId: number, packageId: string, actor: StageActorRef, now?: Date): Promise<PackageRow>;
  /**
   * The opening job's batch: packages the caller has locked (FOR UPDATE SKIP LOCKED) opened in one UPDATE and one
   * history INSERT, each against its own bidder count. Rows the table refuses are left out. Returns the opened rows.
   */
  openLocked(tx: DbOrTx, rows: PackageRow[], actor: StageActorRef, now: Date): Promise<PackageRow[]>;
  /** 11→12 once the publicity has ended; calls onAward for a normal package. */
  endPublicity(db: Db, tenantId: number, packageId: string, actor: StageActorRef): Promise<PackageRow>;
  hooks: StageHooks;
  /** The bid module plugs its hooks in here (ps-server). */
  setHooks(hooks: Partial<StageHooks>): void;
}

const closedRefusal = (status: string) =>
  PROCUREMENT_MESSAGES.packageClosed(PACKAGE_STATUS_NAMES[status as PackageStatus] ?? status);

export function createPackageStages(initial: Partial<StageHooks> = {}): PackageStages {
  const hooks: StageHooks = { countValidBidders: defaultCountValidBidders, ...initial };

  async function move(db: Db, input: MoveInput): Promise<PackageRow> {
    return db.transaction((tx) => moveLocked(tx, input));
  }

  /** The move inside a transaction the caller holds (the row lock is taken, or re-taken, here). */
  async function moveLocked(tx: DbOrTx, input: MoveInput): Promise<PackageRow> {
    {
      const [pkg] = await tx
        .select()
        .from(purchasePackage)
        .where(and(eq(purchasePackage.id, input.packageId), eq(purchasePackage.tenantId, input.tenantId)))
        .for('update');
      if (!pkg) throw notFound(PROCUREMENT_MESSAGES.packageNotFound);
      let transition: ReturnType<typeof assertTransition>;
      try {
        transition = assertTransition(input.action, pkg.purchaseStage, pkg.electionStatus);
      } catch (err) {
        if (err instanceof StageTransitionError) throw badRequest(err.message);
        throw err;
      }
      if (!transition.actors.includes(input.actor.role)) throw badRequest(PROCUREMENT_MESSAGES.notSystemAction);
      if (pkg.status !== PACKAGE_STATUS.active) throw badRequest(closedRefusal(pkg.status));
      await input.check?.(pkg, tx);
      const to = targetStage(transition, input.failed === true);
      const electionStatus = input.failed
        ? ELECTION_STATUS.failed
        : (input.patch?.electionStatus ?? pkg.electionStatus);
      const [updated] = await tx
        .update(purchasePackage)
        .set({ ...input.patch, purchaseStage: to, electionStatus, updateTime: new Date() })
        .where(eq(purchasePackage.id, pkg.id))
        .returning();
      if (!updated) throw new ApiError(409, PROCUREMENT_MESSAGES.concurrentMove);
      await tx.insert(purchasePackageHistory).values({
        tenantId: pkg.tenantId,
        packageId: pkg.id,
        action: input.action,
        fromStage: pkg.purchaseStage,
        toStage: to,
        electionStatus,
        reason: input.reason ?? null,
        actor: input.actor.username,
      });
      await input.after?.(updated, tx);
      return updated;
    }
  }

  return {
    hooks,
    setHooks(next) {
      Object.assign(hooks, next);
    },
    move,

    startReview: (db, tenantId, packageId, actor) =>
      move(db, { tenantId, packageId, action: 'startReview', actor, patch: { reviewStartTime: new Date() } }),

    completeReview: (db, tenantId, packageId, result, actor) =>
      move(db, {
        tenantId,
        packageId,
        action: 'endReview',
        actor,
        failed: result.electionStatus === ELECTION_STATUS.failed,
        reason: result.electionStatus === ELECTION_STATUS.failed ? '评审后有效投标不足，流标' : null,
        patch: {
          validBidderIds: result.validBidderIds,
          rankedCandidates: result.rankedCandidates,
          electionStatus: result.electionStatus,
          reviewStopTime: new Date(),
        },
        check: async (pkg) => {
          const valid = new Set(result.validBidderIds);
          if (result.rankedCandidates.some((c) => !valid.has(c)))
            throw badRequest(PROCUREMENT_MESSAGES.reviewCandidates);
          if (result.electionStatus === ELECTION_STATUS.normal && result.rankedCandidates.length === 0) {
            throw badRequest(PROCUREMENT_MESSAGES.reviewCandidates);
          }
          if (!pkg.reviewStartTime) throw badRequest(PROCUREMENT_MESSAGES.stageRefused('已开标', '结束评审'));
        },
      }),

    async open(db, tenantId, packageId, actor, now = new Date()) {
      // The count is read under the row lock (inside check), so a bid cannot slip in between count and move.
      let failed = false;
      let count = 0;
      return db.transaction(async (tx) => {
        const [pkg] = await tx
          .select()
          .from(purchasePackage)
          .where(and(eq(purchasePackage.id, packageId), eq(purchasePackage.tenantId, tenantId)))
          .for('update');
        if (!pkg) throw notFound(PROCUREMENT_MESSAGES.packageNotFound);
        if (pkg.purchaseStage === 4 && pkg.openingStartTime && pkg.openingStartTime.getTime() > now.getTime()) {
          throw badRequest(PROCUREMENT_MESSAGES.openingTooEarly);
        }
        count = pkg.purchaseStage === 4 ? await hooks.countValidBidders(tx, tenantId, packageId) : 0;
        failed = count < pkg.minBidders;
        return moveLocked(tx, {
          tenantId,
          packageId,
          action: 'open',
          actor,
          failed,
          reason: failed ? PROCUREMENT_MESSAGES.minBidders(count, pkg.minBidders) : `投标人${count}家`,
          patch: failed
            ? { openingStartTime: pkg.openingStartTime ?? now, reviewStopTime: now }
            : { openingStartTime: pkg.openingStartTime ?? now },
          after: async (updated, inner) => {
            await hooks.onOpened?.(inner, updated, actor);
          },
        });
      });
    },

    async openLocked(tx, rows, actor, now) {
      const due = rows.filter(
        (r) =>
          r.status === PACKAGE_STATUS.active &&
          transitionRefusal('open', r.purchaseStage, r.electionStatus) === null &&
          (!r.openingStartTime || r.openingStartTime.getTime() <= now.getTime()),
      );
      if (due.length === 0) return [];
      // Bidder counts in one statement when the bid module offers it (the job's 1,000 packages in a minute).
      const counts = hooks.countValidBiddersMany
        ? await hooks.countValidBiddersMany(
            tx,
            due.map((r) => r.id),
          )
        : null;
      const plans: { row: PackageRow; count: number; failed: boolean }[] = [];
      for (const row of due) {
        const count = counts ? (counts.get(row.id) ?? 0) : await hooks.countValidBidders(tx, row.tenantId, row.id);
        plans.push({ row, count, failed: count < row.minBidders });
      }
      const values = sql.join(
        plans.map((p) => sql`(${p.row.id}::uuid, ${p.failed}::boolean)`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE purchase_package AS p SET
          purchase_stage = CASE WHEN v.failed THEN 9 ELSE 5 END,
          election_status = CASE WHEN v.failed THEN '0' ELSE p.election_status END,
          opening_start_time = coalesce(p.opening_start_time, ${now.toISOString()}::timestamptz),
          review_stop_time = CASE WHEN v.failed THEN ${now.toISOString()}::timestamptz ELSE p.review_stop_time END,
          update_time = ${now.toISOString()}::timestamptz
        FROM (VALUES ${values}) AS v(id, failed)
        WHERE p.id = v.id`);
      await tx.insert(purchasePackageHistory).values(
        plans.map((p) => ({
          tenantId: p.row.tenantId,
          packageId: p.row.id,
          action: 'open',
          fromStage: p.row.purchaseStage,
          toStage: p.failed ? 9 : 5,
          electionStatus: p.failed ? ELECTION_STATUS.failed : p.row.electionStatus,
          reason: p.failed ? PROCUREMENT_MESSAGES.minBidders(p.count, p.row.minBidders) : `投标人${p.count}家`,
          actor: actor.username,
        })),
      );
      const opened = await tx
        .select()
        .from(purchasePackage)
        .where(
          inArray(
            purchasePackage.id,
            plans.map((p) => p.row.id),
          ),
        );
      if (hooks.onOpenedMany) await hooks.onOpenedMany(tx, opened);
      else if (hooks.onOpened) for (const row of opened) await hooks.onOpened(tx, row, actor);
      return opened;
    },

    endPublicity: (db, tenantId, packageId, actor) =>
      move(db, {
        tenantId,
        packageId,
        action: 'endPublicity',
        actor,
        reason: '公示期满',
        patch: { awardTime: new Date() },
        after: async (updated, tx) => {
          if (updated.electionStatus === ELECTION_STATUS.normal) await hooks.onAward?.(tx, updated);
        },
      }),
  };
}

/** Copies a package's review items to another package (rebid). */
export async function copyReviewItems(tx: DbOrTx, fromId: string, toId: string): Promise<void> {
  const items = await tx.select().from(purchaseReviewItem).where(eq(purchaseReviewItem.packageId, fromId));
  if (items.length === 0) return;
  await tx.insert(purchaseReviewItem).values(items.map(({ id: _id, ...item }) => ({ ...item, packageId: toId })));
}
