import type {
  GatewayRouteAddRequest,
  GatewayRouteDto,
  PositionAddRequest,
  PositionDto,
  TenantAddRequest,
  TenantDto,
  TenantEditRequest,
} from '@aps/shared';
import type { Key } from 'react';
import { request } from '../../shared/http.ts';
import { idsParam } from '../../shared/list/query.ts';
import { type BinaryStatus, toStatus } from './org.rules.ts';

/** Query keys of 租户, 职务 and 网关路由 (under the same 'system' root as systemKeys). */
export const orgKeys = {
  tenants: ['system', 'tenant'] as const,
  positions: ['system', 'position'] as const,
  gatewayRoutes: ['system', 'gatewayRoute'] as const,
};

const put = <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body });
const post = <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body });
const del = (path: string, query: Record<string, string>) => request<unknown>(path, { method: 'DELETE', query });

// ── Tenants (platform-wide, numeric ids) ──────────────────────────────────────────────────────
export const tenantApi = {
  add: (v: TenantAddRequest) => post<TenantDto>('/sys/tenant/add', v),
  edit: (v: TenantEditRequest) => put<TenantDto>('/sys/tenant/edit', v),
  /** Freeze (0) or unfreeze (1): the edit call with the row's other fields unchanged. */
  setStatus: ({ tenant, status }: { tenant: TenantDto; status: BinaryStatus }) =>
    tenantApi.edit({ id: tenant.id, name: tenant.name, status }),
  remove: (id: number) => del('/sys/tenant/delete', { id: String(id) }),
  removeBatch: (ids: readonly Key[]) => del('/sys/tenant/deleteBatch', { ids: idsParam(ids) }),
};

// ── Positions (of the current tenant) ─────────────────────────────────────────────────────────
export type PositionFormValues = PositionAddRequest & { id?: string };

export const positionApi = {
  save: ({ id, ...v }: PositionFormValues) =>
    id ? put<PositionDto>('/sys/position/edit', { ...v, id }) : post<PositionDto>('/sys/position/add', v),
  remove: (id: string) => del('/sys/position/delete', { id }),
  removeBatch: (ids: readonly Key[]) => del('/sys/position/deleteBatch', { ids: idsParam(ids) }),
};

// ── Gateway routes (platform-wide) ────────────────────────────────────────────────────────────
export type GatewayRouteFormValues = GatewayRouteAddRequest & { id?: string };

/** The fields the add/edit calls take, from a listed row. */
const gatewayBody = (r: GatewayRouteDto): GatewayRouteFormValues => ({
  id: r.id,
  routerId: r.routerId,
  name: r.name,
  uri: r.uri,
  predicates: r.predicates,
  filters: r.filters,
  sortOrder: r.sortOrder,
  status: toStatus(r.status),
  description: r.description,
});

export const gatewayApi = {
  save: ({ id, ...v }: GatewayRouteFormValues) =>
    id
      ? put<GatewayRouteDto>('/sys/gatewayRoute/edit', { ...v, id })
      : post<GatewayRouteDto>('/sys/gatewayRoute/add', v),
  /** Enable (1) or disable (0): the edit call with the route otherwise unchanged. */
  setStatus: ({ route, status }: { route: GatewayRouteDto; status: BinaryStatus }) =>
    put<GatewayRouteDto>('/sys/gatewayRoute/edit', { ...gatewayBody(route), status }),
  remove: (id: string) => del('/sys/gatewayRoute/delete', { id }),
  removeBatch: (ids: readonly Key[]) => del('/sys/gatewayRoute/deleteBatch', { ids: idsParam(ids) }),
};
