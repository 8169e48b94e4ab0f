import {
  applyAmountChange,
  CONTRACT_STATES,
  type ContractChangeDto,
  type ContractChangeInput,
  type ContractChangeKind,
  type ContractChangeState,
  type ContractDto,
  type ContractReasonInput,
  type ContractState,
  contractFigures,
  exceedsBalance,
  formatDateTime,
  CONTRACT_MESSAGES as M,
  money,
  nextContractState,
} from '@aps/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { actorName, type WorkflowPort, type WorkflowStatusEvent } from '../workflow-port.ts';
import {
  assertContractable,
  assertTransition,
  CONTRACT_WORKFLOW,
  type ContractActor,
  type ContractRow,
} from './service.ts';
import { contract, contractChange, settlementPayment } from './tables.ts';

export interface SupplierActor {
  tenantId: number;
  userId: string;
  username: string;
}

type ChangeRow = typeof contractChange.$inferSelect;
const toChangeDto = (r: ChangeRow): ContractChangeDto => ({
  id: r.id,
  contractId: r.contractId,
  kind: r.kind as ContractChangeKind,
  oldValue: r.oldValue,
  newValue: r.newValue,
  reason: r.reason,
  state: r.state as ContractChangeState,
  approvalStatus: r.approvalStatus,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
});

const stateName = (s: string) => CONTRACT_STATES[s as ContractState] ?? s;

/**
 * Stamps one side's signature on a 待签订 contract; the second signature moves it to 履行中 (the `sign` transition).
 * The supplier's eligibility is checked again at each signature (a supplier blacklisted since the draft is refused).
 */
export async function signContract(
  tx: DbOrTx,
  row: ContractRow,
  side: 'buyer' | 'supplier',
  username: string,
): Promise<void> {
  if (row.state !== 'to_sign') throw badRequest(M.stateRefused('签订', stateName(row.state)));
  const mine = side === 'buyer' ? row.buyerSignedAt : row.supplierSignedAt;
  if (mine) throw badRequest(M.alreadySigned);
  await assertContractable(tx, row.tenantId, row.supplierId, row.packageId);
  const other = side === 'buyer' ? row.supplierSignedAt : row.buyerSignedAt;
  const now = new Date();
  await tx
    .update(contract)
    .set({
      ...(side === 'buyer' ? { buyerSignedAt: now, buyerSignedBy: username } : {}),
      ...(side === 'supplier' ? { supplierSignedAt: now, supplierSignedBy: username } : {}),
      ...(other ? { state: nextContractState(row.state, 'sign') ?? row.state } : {}),
      updateTime: now,
    })
    .where(eq(contract.id, row.id));
}

/** The warranty end: the performance end's date (Beijing) plus the warranty months. */
const WARRANTY_END = sql`((now() AT TIME ZONE 'Asia/Shanghai')::date + make_interval(months => ${contract.warrantyPeriod}))::date`;

export function createContractLifecycle({
  db,
  workflow,
  get,
  dtoOf,
}: {
  db: Db;
  workflow: WorkflowPort | null;
  get: (tx: DbOrTx, actor: ContractActor, id: string, lock?: boolean) => Promise<ContractRow>;
  dtoOf: (tx: DbOrTx, row: ContractRow) => Promise<ContractDto>;
}) {
  const reread = async (tx: DbOrTx, actor: ContractActor, id: string) => dtoOf(tx, await get(tx, actor, id));

  /** A change's outcome: approved → applied to the contract; otherwise rejected; the contract back to 履行中. */
  async function onChangeStatus(tx: Db, event: WorkflowStatusEvent): Promise<void> {
    const [change] = await tx
      .select()
      .from(contractChange)
      .where(and(eq(contractChange.id, event.businessKey), eq(contractChange.tenantId, event.tenantId)))
      .for('update');
    if (change?.state !== 'approving') return;
    const decided = { approvalStatus: String(event.approvalStatus) };
    if (event.outcome === 'progress') {
      await tx.update(contractChange).set(decided).where(eq(contractChange.id, change.id));
      return;
    }
    const [row] = await tx.select().from(contract).where(eq(contract.id, change.contractId)).for('update');
    if (!row) return;
    const approved = event.outcome === 'approved';
    const back = nextContractState(row.state, approved ? 'changeApproved' : 'changeRejected') ?? row.state;
    const apply =
      approved && change.kind === 'amount'
        ? { changedAmount: applyAmountChange(row, change.newValue).changedAmount }
        : approved && change.kind === 'term'
          ? { termEnd: change.newValue }
          : {};
    await tx
      .update(contract)
      .set({ ...apply, state: back, updateBy: actorName(event.actor), updateTime: new Date() })
      .where(eq(contract.id, row.id));
    await tx
      .update(contractChange)
      .set({ ...decided, state: approved ? 'approved' : 'rejected', decidedAt: new Date() })
      .where(eq(contractChange.id, change.id));
  }

  // The 'contract' process decides contracts (keyed by the contract) and their changes (keyed by the change), in
  // the deciding task action's transaction: approved → 待签订, rejected → 草稿 with the reason (kept in end_reason
  // until the next submission), withdrawn or terminated → 草稿.
  workflow?.registerHandler(CONTRACT_WORKFLOW, {
    async onStatus(tx, event) {
      const [row] = await tx
        .select()
        .from(contract)
        .where(and(eq(contract.id, event.businessKey), eq(contract.tenantId, event.tenantId)))
        .for('update');
      if (!row) return onChangeStatus(tx, event);
      if (row.state !== 'approving') return;
      const status = { approvalStatus: String(event.approvalStatus), updateTime: new Date() };
      if (event.outcome === 'progress') {
        await tx.update(contract).set(status).where(eq(contract.id, row.id));
        return;
      }
      const state =
        event.outcome === 'approved' ? 'to_sign' : (nextContractState(row.state, 'reject') ?? ('draft' as const));
      const reason = event.outcome === 'rejected' ? `审批驳回：${event.comment ?? ''}`.trim() : null;
      await tx
        .update(contract)
        .set({ ...status, state, endReason: reason, updateBy: actorName(event.actor) })
        .where(eq(contract.id, row.id));
    },
  });

  return {
    changesOf: async (tx: DbOrTx, contractId: string) =>
      (
        await tx
          .select()
          .from(contractChange)
          .where(eq(contractChange.contractId, contractId))
          .orderBy(desc(contractChange.createTime), desc(contractChange.id))
      ).map(toChangeDto),

    /** The buyer's signature. */
    sign(actor: ContractActor, id: string): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        await signContract(tx, await get(tx, actor, id, true), 'buyer', actor.username);
        return reread(tx, actor, id);
      });
    },

    /** 履行完毕 (performance end, warranty end), 进入质保期, 关闭 (only once the warranty has run out). */
    progress(actor: ContractActor, id: string, action: 'performed' | 'warranty' | 'close'): Promise<ContractDto> {
      const labels = { performed: '确认履行完毕', warranty: '进入质保期', close: '关闭' } as const;
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, id, true);
        const to = assertTransition(row, action, labels[action]);
        const now = new Date();
        if (action === 'close' && row.warrantyPeriod > 0) {
          const today = formatDateTime(now)?.slice(0, 10) ?? '';
          if (!row.warrantyEnd || row.warrantyEnd > today) throw badRequest(`质保期至${row.warrantyEnd}，未满不能关闭`);
        }
        await tx
          .update(contract)
          .set({
            state: to,
            ...(action === 'performed' ? { performanceEnd: now, warrantyEnd: WARRANTY_END } : {}),
            ...(action === 'close' ? { closedAt: now } : {}),
            updateBy: actor.username,
            updateTime: now,
          })
          .where(eq(contract.id, row.id));
        return reread(tx, actor, id);
      });
    },

    /** 终止 (to_sign … warranty) with its reason. */
    terminate(actor: ContractActor, body: ContractReasonInput): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, body.id, true);
        const to = assertTransition(row, 'terminate', '终止');
        await tx
          .update(contract)
          .set({ state: to, terminatedAt: new Date(), endReason: body.reason, updateBy: actor.username })
          .where(eq(contract.id, row.id));
        return reread(tx, actor, body.id);
      });
    },

    /** 作废 (draft or unsigned) with its reason; never a contract with payments. Frees the package for a new one. */
    voidContract(actor: ContractActor, body: ContractReasonInput): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, body.id, true);
        const to = assertTransition(row, 'void', '作废');
        const [paid] = await tx
          .select({ id: settlementPayment.id })
          .from(settlementPayment)
          .where(eq(settlementPayment.contractId, row.id))
          .limit(1);
        if (paid || Number(row.paidAmount) > 0) throw badRequest('合同已有付款记录，不能作废');
        await tx
          .update(contract)
          .set({ state: to, voidedAt: new Date(), endReason: body.reason, updateBy: actor.username })
          .where(eq(contract.id, row.id));
        return reread(tx, actor, body.id);
      });
    },

    /** 变更 of the amount (the new total) or the term end, approved by the 'contract' process (contractChange). */
    change(actor: ContractActor, body: ContractChangeInput): Promise<ContractChangeDto> {
      return db.transaction(async (tx) => {
        const row = await get(tx, actor, body.id, true);
        const to = assertTransition(row, 'change', '变更');
        const [pending] = await tx
          .select({ id: contractChange.id })
          .from(contractChange)
          .where(and(eq(contractChange.contractId, row.id), eq(contractChange.state, 'approving')));
        if (pending) throw badRequest(M.changePending);
        const total = contractFigures(row).total;
        let oldValue: string;
        let newValue: string;
        if (body.kind === 'amount') {
          const next = money(body.newAmount ?? '0');
          if (exceedsBalance(row.settledAmount, next)) throw badRequest(M.changeAmountBelowSettled(row.settledAmount));
          oldValue = total;
          newValue = next;
        } else {
          const end = body.newTermEnd ?? row.termEnd;
          if (end < row.termStart) throw badRequest(M.termEndBeforeStart);
          oldValue = row.termEnd;
          newValue = end;
        }
        if (oldValue === newValue) throw badRequest('变更后的内容与原合同相同');
        if (!workflow) throw badRequest('审批流程未启用');
        const [change] = await tx
          .insert(contractChange)
          .values({
            tenantId: row.tenantId,
            contractId: row.id,
            kind: body.kind,
            oldValue,
            newValue,
            reason: body.reason,
            createBy: actor.username,
          })
          .returning();
        if (!change) throw badRequest(M.notFound);
        await tx.update(contract).set({ state: to, updateTime: new Date() }).where(eq(contract.id, row.id));
        const started = await workflow.start(tx as unknown as Db, {
          tenantId: actor.tenantId,
          initiator: { id: actor.userId, username: actor.username },
          businessType: CONTRACT_WORKFLOW,
          businessKey: change.id,
          title: `合同变更「${row.name}」${row.contractNo}：${oldValue} → ${newValue}`,
          variables: {
            amount: Number(body.kind === 'amount' ? newValue : total),
            contractChange: true,
            contractId: row.id,
            kind: body.kind,
          },
        });
        await tx.update(contractChange).set({ instanceId: started.instanceId }).where(eq(contractChange.id, change.id));
        const [now] = await tx.select().from(contractChange).where(eq(contractChange.id, change.id));
        return toChangeDto(now ?? change);
      });
    },
  };
}
