import {
  PERMISSIONS,
  POSITION_RANKS,
  positionAddSchema,
  positionEditSchema,
  positionListQuerySchema,
} from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import type { Services } from '../../../services.ts';
import { actorOf } from '../dict/kit.ts';

const P = PERMISSIONS.position;

/** Positions of the tenant (/sys/position/*). */
export const positionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { positions } = services;

  crudRoutes(app, services.dicts, {
    base: '/sys/position',
    name: '职务',
    list: {
      access: P.list,
      query: positionListQuerySchema,
      run: (request, query) => positions.list(tenantOf(request), query),
      dictText: { postRank: POSITION_RANKS },
    },
    byId: { access: P.list, run: (request, id) => positions.byId(tenantOf(request), String(id)) },
    exportXls: {
      access: P.list,
      file: { name: '职务.xlsx', ascii: 'positions.xlsx', sheet: '职务' },
      columns: [
        { header: '职务编码', width: 16, value: (r) => r.code },
        { header: '职务名称', width: 24, value: (r) => r.name },
        { header: '职级', width: 10, value: (r) => POSITION_RANKS[r.postRank] ?? r.postRank },
        { header: '创建时间', width: 20, value: (r) => r.createTime },
      ],
    },
    add: {
      access: P.edit,
      body: positionAddSchema,
      run: (request, body) => {
        const actor = actorOf(request);
        return positions.add(actor.tenantId, actor.username, body);
      },
    },
    edit: { access: P.edit, body: positionEditSchema, run: (request, body) => positions.edit(tenantOf(request), body) },
    remove: { access: P.edit, run: (request, ids) => positions.remove(tenantOf(request), ids.map(String)) },
  });
};
