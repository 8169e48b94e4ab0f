import { z } from 'zod';
import { ROLE_MESSAGES, ROLE_SORTABLE_COLUMNS, USER_MESSAGES_ADMIN } from './admin.constants.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { adminPageSizeSchema, containsTextSchema, uuidSchema } from './user.ts';

const roleFields = {
  roleName: z
    .string({ error: ROLE_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ROLE_MESSAGES.nameRequired, abort: true })
    .min(2, ROLE_MESSAGES.nameLength)
    .max(30, ROLE_MESSAGES.nameLength),
  roleCode: z
    .string({ error: ROLE_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: ROLE_MESSAGES.codeRequired, abort: true })
    .max(64, maxLengthMessage(64))
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, ROLE_MESSAGES.codePattern),
  description: z
    .string()
    .trim()
    .max(500, maxLengthMessage(500))
    .nullish()
    .transform((v) => v || null),
  dataScope: z.enum(['1', '2', '3'], { error: ROLE_MESSAGES.dataScope }).default('3'),
};

export const roleAddSchema = z.object(roleFields);
export type RoleAddRequest = z.infer<typeof roleAddSchema>;
export const roleEditSchema = z.object({ id: uuidSchema, ...roleFields });
export type RoleEditRequest = z.infer<typeof roleEditSchema>;

export const roleListQuerySchema = pageQuerySchema.extend({
  pageSize: adminPageSizeSchema,
  column: z.enum(ROLE_SORTABLE_COLUMNS, { error: USER_MESSAGES_ADMIN.badSort }).optional(),
  roleName: containsTextSchema,
  roleCode: containsTextSchema,
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const checkRoleCodeSchema = z.object({
  roleCode: z.string({ error: ROLE_MESSAGES.codeRequired }).trim().min(1, ROLE_MESSAGES.codeRequired).max(64),
  id: uuidSchema.optional(),
});

/** Role (§3: id, roleName, roleCode) as lists show it. */
export interface RoleDto {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  dataScope: string;
  /** How many users of the tenant hold the role. */
  userCount: number;
  createTime: string;
  updateTime: string | null;
}

/** A role as a tree-select node (GET /sys/role/queryTreeList). */
export interface RoleTreeNode {
  id: string;
  key: string;
  value: string;
  title: string;
  roleCode: string;
  isLeaf: true;
}
