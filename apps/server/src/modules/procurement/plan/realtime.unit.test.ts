import { planItemsGridPage } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { gridOnPlanEdit } from './realtime.ts';
import type { PlanActor, PlanService } from './service.ts';

const actor = { tenantId: 7, userId: 'u1', username: 'buyer', orgCode: 'A01' } as unknown as PlanActor;
const line = (id: string, name: string) => ({ id, lineNo: 1, name, quantity: '1.000', unitPrice: '2.00' });

function wrapped(fail = false) {
  const pushes: { tenantId: number; pageId: string; data: { socketKey: string; args: unknown[] } }[] = [];
  const plans = {
    async edit(_a: PlanActor, body: { id: string }) {
      if (fail) throw new Error('refused');
      return { id: body.id, items: [line('l1', '钢筋'), line('l2', '水泥')] };
    },
  } as unknown as PlanService;
  const service = gridOnPlanEdit(plans, {
    async gridUpdate(tenantId, pageId, data) {
      pushes.push({ tenantId, pageId, data });
    },
  });
  return { service, pushes };
}

describe('gridOnPlanEdit', () => {
  it('pushes each saved line to the plan’s grid page with the saving grid’s key', async () => {
    const { service, pushes } = wrapped();
    const body = { id: 'p1', socketKey: 'grid-a' } as Parameters<PlanService['edit']>[1];
    await service.edit(actor, body);
    expect(pushes).toEqual([
      { tenantId: 7, pageId: planItemsGridPage('p1'), data: { socketKey: 'grid-a', args: [line('l1', '钢筋')] } },
      { tenantId: 7, pageId: planItemsGridPage('p1'), data: { socketKey: 'grid-a', args: [line('l2', '水泥')] } },
    ]);
  });

  it('uses the server key without a grid, and pushes nothing for a refused edit', async () => {
    const ok = wrapped();
    await ok.service.edit(actor, { id: 'p1' } as Parameters<PlanService['edit']>[1]);
    expect(ok.pushes.map((p) => p.data.socketKey)).toEqual(['server', 'server']);
    const refused = wrapped(true);
    await expect(refused.service.edit(actor, { id: 'p1' } as Parameters<PlanService['edit']>[1])).rejects.toThrow();
    expect(refused.pushes).toEqual([]);
  });
});
