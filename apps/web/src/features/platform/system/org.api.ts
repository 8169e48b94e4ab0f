import type {
  GatewayRouteAddRequest,
  GatewayRouteDto,
  PositionAddRequest,
  PositionDto,
  TenantAddRequest,
  TenantDto,
  TenantEditRequest,
} from '@aps/shared';
import { PERMISSIONS } from '@aps/shared/constants';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { type BinaryStatus, toStatus } from './org.rules.ts';

/** Query keys of 租户, 职务 and 网关路由 (under the same 'system' root as systemKeys). */
export const orgKeys = {
  tenants: ['system', 'tenant'] as const,
  positions: ['system', 'position'] as const,
  gatewayRoutes: ['system', 'gatewayRoute'] as const,
};

// ── Tenants (platform-wide, numeric ids) ──────────────────────────────────────────────────────
const tenantCrud = createCrudApi<TenantDto, TenantAddRequest, number>({
  base: '/sys/tenant',
  queryKey: orgKeys.tenants,
  permissions: PERMISSIONS.tenant,
});

export const tenantApi = {
  ...tenantCrud,
  /** Freeze (0) or unfreeze (1): the edit call with the row's other fields unchanged. */
  setStatus: ({ tenant, status }: { tenant: TenantDto; status: BinaryStatus }) =>
    tenantCrud.edit({ id: tenant.id, name: tenant.name, status } satisfies TenantEditRequest),
};

// ── Positions (of the current tenant) ─────────────────────────────────────────────────────────
export type PositionFormValues = PositionAddRequest & { id?: string };

export const positionApi = createCrudApi<PositionDto, PositionAddRequest>({
  base: '/sys/position',
  queryKey: orgKeys.positions,
  permissions: PERMISSIONS.position,
});

// ── Gateway routes (platform-wide) ────────────────────────────────────────────────────────────
export type GatewayRouteFormValues = GatewayRouteAddRequest & { id?: string };

/** The fields the add/edit calls take, from a listed row. */
const gatewayBody = (r: GatewayRouteDto): GatewayRouteAddRequest => ({
  routerId: r.routerId,
  name: r.name,
  uri: r.uri,
  predicates: r.predicates,
  filters: r.filters,
  sortOrder: r.sortOrder,
  status: toStatus(r.status),
  description: r.description,
});

const gatewayCrud = createCrudApi<GatewayRouteDto, GatewayRouteAddRequest>({
  base: '/sys/gatewayRoute',
  queryKey: orgKeys.gatewayRoutes,
  permissions: PERMISSIONS.gateway,
});

export const gatewayApi = {
  ...gatewayCrud,
  /** Enable (1) or disable (0): the edit call with the route otherwise unchanged. */
  setStatus: ({ route, status }: { route: GatewayRouteDto; status: BinaryStatus }) =>
    gatewayCrud.edit({ ...gatewayBody(route), id: route.id, status }),
};
