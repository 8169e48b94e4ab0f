import type { GatewayDefinition } from '@aps/shared';
import { GATEWAY_STATUS_LABELS, POSITION_RANKS, TENANT_STATUS_LABELS } from '@aps/shared/constants';

/*
 * The web-only side of the 租户, 职务 and 网关路由 forms and lists: tag colours, select options and how a route's
 * predicates and filters are written as text. Messages, labels, patterns and the predicates/filters parser come
 * from `@aps/shared/constants` (zod-free), so the forms refuse what the server refuses, with its words.
 */

/** The 0/1 status of tenants and gateway routes (the schemas accept nothing else). */
export type BinaryStatus = 0 | 1;
export const toStatus = (n: number): BinaryStatus => (n === 0 ? 0 : 1);

/** A 0/1 status as the pages show it: the shared label with the tag's colour. */
const statusOptions = (labels: Record<number, string>, colors: Record<BinaryStatus, string>) =>
  ([1, 0] as const).map((value) => ({ value, label: labels[value] ?? String(value), color: colors[value] }));

/** sys_tenant.status: 1 normal, 0 frozen. */
export const TENANT_STATUS = statusOptions(TENANT_STATUS_LABELS, { 1: 'success', 0: 'error' });
/** sys_gateway_route.status: 1 enabled, 0 disabled. */
export const GATEWAY_STATUS = statusOptions(GATEWAY_STATUS_LABELS, { 1: 'success', 0: 'default' });

export const POSITION_RANK_OPTIONS = Object.entries(POSITION_RANKS).map(([value, label]) => ({ value, label }));

/** A definition list as the form's JSON text, one definition per line. */
export function definitionsText(list: readonly GatewayDefinition[]): string {
  return list.length ? `[\n${list.map((d) => `  ${JSON.stringify(d)}`).join(',\n')}\n]` : '';
}

/** Spring's shortcut notation, e.g. Path=/aps/sys/** or StripPrefix=1. */
export function shortcutOf(d: GatewayDefinition): string {
  const values = Object.values(d.args);
  return values.length ? `${d.name}=${values.join(',')}` : d.name;
}
