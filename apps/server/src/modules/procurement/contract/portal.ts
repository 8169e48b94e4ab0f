import { type ContractDto, CONTRACT_MESSAGES as M, type PageResult } from '@aps/shared';
import { and, count, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import { ApiError, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { supplierOfUser } from '../supplier/eligibility.ts';
import { supplier } from '../supplier/tables.ts';
import { type SupplierActor, signContract } from './lifecycle.ts';
import { toContractDto } from './service.ts';
import { contract } from './tables.ts';

/** States a supplier sees in 我的合同: from 待签订 on (drafts and contracts in approval are the buyer's). */
const HIDDEN = ['draft', 'approving'];

/**
 * 我的合同 (the supplier's portal, userEnd 3): only the contracts of the caller's own supplier; another supplier's
 * id answers 404 as a missing one (the supplier filter is the isolation), and the supplier's signature.
 */
export function createContractPortal(db: Db) {
  async function me(actor: SupplierActor): Promise<string> {
    const s = await supplierOfUser(db, actor.tenantId, actor.userId);
    if (!s) throw new ApiError(403, '当前账号未关联供应商');
    return s.id;
  }
  const own = (tenantId: number, supplierId: string): SQL =>
    and(
      eq(contract.tenantId, tenantId),
      eq(contract.supplierId, supplierId),
      notInArray(contract.state, HIDDEN),
    ) as SQL;
  async function ownRow(tx: DbOrTx, actor: SupplierActor, id: string, lock = false) {
    const supplierId = await me(actor);
    const q = tx
      .select()
      .from(contract)
      .where(and(own(actor.tenantId, supplierId), eq(contract.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(M.notFound);
    return row;
  }
  const nameOf = async (tx: DbOrTx, id: string) =>
    (await tx.select({ name: supplier.name }).from(supplier).where(eq(supplier.id, id)))[0]?.name;

  return {
    async supplierList(
      actor: SupplierActor,
      q: { pageNo: number; pageSize: number; contractNo?: string | undefined; state?: string | undefined },
    ): Promise<PageResult<ContractDto>> {
      const supplierId = await me(actor);
      const name = await nameOf(db, supplierId);
      const w = and(
        own(actor.tenantId, supplierId),
        q.state ? eq(contract.state, q.state) : undefined,
        q.contractNo ? eq(contract.contractNo, q.contractNo) : undefined,
      );
      return fetchPage(
        q,
        db.select({ n: count() }).from(contract).where(w),
        (offset, limit) =>
          db
            .select()
            .from(contract)
            .where(w)
            .orderBy(desc(contract.createTime), desc(contract.id))
            .offset(offset)
            .limit(limit),
        (r) => toContractDto(r, name),
      );
    },

    async supplierById(actor: SupplierActor, id: string): Promise<ContractDto> {
      const row = await ownRow(db, actor, id);
      return toContractDto(row, await nameOf(db, row.supplierId));
    },

    /** The supplier's confirmation (签订): the second signature moves the contract to 履行中. */
    supplierSign(actor: SupplierActor, id: string): Promise<ContractDto> {
      return db.transaction(async (tx) => {
        await signContract(tx, await ownRow(tx, actor, id, true), 'supplier', actor.username);
        const row = await ownRow(tx, actor, id);
        return toContractDto(row, await nameOf(tx, row.supplierId));
      });
    },
  };
}
