import { z } from 'zod';
import {
  GATEWAY_DEFINITIONS_MAX_TEXT,
  GATEWAY_FILTERS,
  GATEWAY_MESSAGES,
  GATEWAY_PREDICATES,
  GATEWAY_ROUTER_ID_PATTERN,
  GATEWAY_SORT_RANGE,
  type GatewayDefinition,
  isGatewayUri,
  parseGatewayDefinitions,
} from './gateway.constants.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export {
  GATEWAY_DEFINITIONS_MAX_TEXT,
  GATEWAY_FILTERS,
  GATEWAY_MESSAGES,
  GATEWAY_PREDICATES,
  GATEWAY_ROUTER_ID_PATTERN,
  GATEWAY_SORT_RANGE,
  GATEWAY_STATUS_LABELS,
  type GatewayDefinition,
  type GatewayDefinitionsResult,
  isGatewayUri,
  parseGatewayDefinitions,
} from './gateway.constants.ts';

export const GATEWAY_SORTABLE_COLUMNS = ['createTime', 'routerId', 'name', 'sortOrder'] as const;

/** A JSON array of {name, args} (as text or already parsed), each name from `allowed`. */
const definitions = (what: string, allowed: readonly string[], required: boolean) =>
  z
    .union([
      z.string().max(GATEWAY_DEFINITIONS_MAX_TEXT, maxLengthMessage(GATEWAY_DEFINITIONS_MAX_TEXT)),
      z.array(z.unknown()),
    ])
    .nullish()
    .transform((v, ctx): GatewayDefinition[] => {
      const result = parseGatewayDefinitions(v, what, allowed, required);
      if (result.ok) return result.value;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });

const gatewayFields = {
  routerId: z
    .string({ error: GATEWAY_MESSAGES.routerIdRequired })
    .trim()
    .min(1, { error: GATEWAY_MESSAGES.routerIdRequired, abort: true })
    .max(64, maxLengthMessage(64))
    .regex(GATEWAY_ROUTER_ID_PATTERN, GATEWAY_MESSAGES.routerIdPattern),
  name: z
    .string({ error: GATEWAY_MESSAGES.nameRequired })
    .trim()
    .min(1, GATEWAY_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  uri: z
    .string({ error: GATEWAY_MESSAGES.uriRequired })
    .trim()
    .min(1, { error: GATEWAY_MESSAGES.uriRequired, abort: true })
    .max(500, maxLengthMessage(500))
    .refine(isGatewayUri, GATEWAY_MESSAGES.uriPattern),
  predicates: definitions('断言', GATEWAY_PREDICATES, true),
  filters: definitions('过滤器', GATEWAY_FILTERS, false),
  sortOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(GATEWAY_SORT_RANGE.min)
    .max(GATEWAY_SORT_RANGE.max)
    .default(0),
  status: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, '状态只能是1（启用）或0（停用）')
    .default(1),
  description: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .nullish()
    .transform((v) => v || null),
};
export const gatewayRouteAddSchema = z.object(gatewayFields);
export type GatewayRouteAddRequest = z.infer<typeof gatewayRouteAddSchema>;
export const gatewayRouteEditSchema = z.object({ id: uuidSchema, ...gatewayFields });
export type GatewayRouteEditRequest = z.infer<typeof gatewayRouteEditSchema>;

export const gatewayRouteListQuerySchema = pageQuerySchema.extend({
  column: z.enum(GATEWAY_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  routerId: containsTextSchema,
  name: containsTextSchema,
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export type GatewayRouteListQuery = z.infer<typeof gatewayRouteListQuerySchema>;

export interface GatewayRouteDto {
  id: string;
  routerId: string;
  name: string;
  uri: string;
  predicates: GatewayDefinition[];
  filters: GatewayDefinition[];
  sortOrder: number;
  status: number;
  description: string | null;
  createTime: string;
  updateTime: string | null;
}
