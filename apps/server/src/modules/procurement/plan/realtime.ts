import { planItemsGridPage } from '@aps/shared';
import type { RealtimeService } from '../../platform/realtime/service.ts';
import type { PlanService } from './service.ts';

/** Who saved when no grid says so: every open grid of the plan applies the push. */
const SERVER_KEY = 'server';

/**
 * The plan service as the routes see it: a saved edit pushes each item line (update_vxe_table, args [line]) to
 * the grids open on that plan's lines (`planItemsGridPage`), once the request's transaction has committed; the
 * saving grid's own socketKey travels with the push so that grid ignores it (§4).
 */
export function gridOnPlanEdit(plans: PlanService, realtime: Pick<RealtimeService, 'gridUpdate'>): PlanService {
  return {
    ...plans,
    async edit(actor, body) {
      const saved = await plans.edit(actor, body);
      const page = planItemsGridPage(saved.id);
      const socketKey = body.socketKey || SERVER_KEY;
      for (const item of saved.items ?? []) {
        await realtime.gridUpdate(actor.tenantId, page, { socketKey, args: [item] });
      }
      return saved;
    },
  };
}
