import { z } from 'zod';
import { USER_MESSAGES_ADMIN, USER_SORTABLE_COLUMNS } from './admin.constants.ts';
import { codeSchema, dateSchema, integerSchema, multiValueSchema, pageSizeSchema } from './primitives.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage, PASSWORD_POLICY, RULES } from './rules.ts';
import { superQueryFields } from './super-query.ts';
import { mobileSchema, usernameSchema } from './validation.ts';

/** §5 change-password rules, with their exact messages. */
export const updatePasswordSchema = z
  .object({
    username: z.string().min(1, '当前系统无登录用户!'),
    oldpassword: z.string({ error: '请输入旧密码!' }).min(1, '请输入旧密码!'),
    password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!').max(64, '最大长度64位字符'),
    confirmpassword: z.string({ error: '请确认新密码!' }).min(1, '请确认新密码!'),
  })
  .refine((v) => v.password === v.confirmpassword, { message: '两次输入的密码不一样！', path: ['confirmpassword'] });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordSchema>;

export interface DepartOption {
  id: string;
  orgCode: string;
  departName: string;
  departNameAbbr: string | null;
  orgCategory: string;
}

/** GET /sys/user/getCurrentUserDeparts result (§3: result.list and result.orgCode). */
export interface CurrentUserDeparts {
  list: DepartOption[];
  orgCode: string | null;
}

// ── User administration (/sys/user/*) ─────────────────────────────────────────────────────────────

/** Strips the filter wrapping of §5 (*v* for like) so the server always does a contains search. */
export const containsTextSchema = z
  .string()
  .max(100, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();

/**
 * A search value that may carry the §5 filter wrapping (*v* like, !v ne, >=v ge, <=v le, …); the server's
 * translator reads it, and a plain value means "contains".
 */
export const wrappedFilterSchema = z.string().max(100, '查询条件过长').trim().optional();

/** A uuid, with one message for every malformed id. */
export const uuidSchema = z.uuid({ error: USER_MESSAGES_ADMIN.badId });

/** "a,b,c" (the batch calls of §7) → a list of uuids; empty gives 请选择一条记录！. */
export const idListSchema = multiValueSchema.pipe(
  z.array(uuidSchema).min(1, USER_MESSAGES_ADMIN.idsRequired).max(1000, '一次最多处理1000条记录'),
);

export const idsQuerySchema = z.object({ ids: idListSchema });
export const idQuerySchema = z.object({ id: uuidSchema });

/** Page sizes of admin lists (§9: default 10 with 10/20/50). */
export const adminPageSizeSchema = pageSizeSchema;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .nullish()
    .transform((v) => v || null);

const userFields = {
  realname: z
    .string({ error: USER_MESSAGES_ADMIN.realnameRequired })
    .trim()
    .min(1, USER_MESSAGES_ADMIN.realnameRequired)
    .max(50, maxLengthMessage(50)),
  phone: mobileSchema,
  email: z
    .union([
      z.literal(''),
      z.string().trim().max(100, maxLengthMessage(100)).regex(RULES.email.pattern, RULES.email.message),
    ])
    .nullish()
    .transform((v) => v || null),
  sex: integerSchema(1, 2, USER_MESSAGES_ADMIN.sex)
    .nullish()
    .transform((v) => v ?? null),
  birthday: z
    .union([z.literal(''), dateSchema])
    .nullish()
    .transform((v) => v || null),
  post: optionalText(100),
  avatar: optionalText(500),
  userType: codeSchema.pipe(z.enum(['1', '2', '3'], { error: '用户类型有误' })).default('1'),
  /** User ends (§1), e.g. ['1'] or ['1','3']. */
  userEnd: multiValueSchema
    .pipe(z.array(z.enum(['1', '2', '3'], { error: '用户端有误' })).min(1, '请选择用户端'))
    .default(['1']),
  roleIds: multiValueSchema.pipe(z.array(uuidSchema).max(100)).default([]),
  departIds: multiValueSchema.pipe(z.array(uuidSchema).max(100)).default([]),
};

/**
 * JeecgBoot's user form sends the roles and departments as comma-joined `selectedroles` / `selecteddeparts`;
 * they are read as roleIds / departIds when those are absent.
 */
const jeecgUserAliases = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { selectedroles, selecteddeparts, ...rest } = body as Record<string, unknown>;
  return {
    ...rest,
    ...(rest.roleIds === undefined && selectedroles !== undefined ? { roleIds: selectedroles } : {}),
    ...(rest.departIds === undefined && selecteddeparts !== undefined ? { departIds: selecteddeparts } : {}),
  };
};

/** A new password twice (the platform's PASSWORD_POLICY): the user form and the public registration. */
export const newPassword = {
  password: z
    .string({ error: USER_MESSAGES_ADMIN.passwordRequired })
    .min(1, { error: USER_MESSAGES_ADMIN.passwordRequired, abort: true })
    .regex(PASSWORD_POLICY.pattern, PASSWORD_POLICY.message),
  confirmpassword: z.string({ error: USER_MESSAGES_ADMIN.confirmRequired }).min(1, USER_MESSAGES_ADMIN.confirmRequired),
};
export const passwordsMatch = (v: { password: string; confirmpassword: string }) => v.password === v.confirmpassword;

export const userAddSchema = z.preprocess(
  jeecgUserAliases,
  z
    .object({ username: usernameSchema, ...userFields, ...newPassword })
    .refine(passwordsMatch, { message: USER_MESSAGES_ADMIN.passwordMismatch, path: ['confirmpassword'] }),
);
export type UserAddRequest = z.infer<typeof userAddSchema>;

/**
 * One row of an imported user sheet (§7 import): the add form's rules for the columns a sheet carries. No
 * password: imported accounts get one from an administrator (修改密码) before they can sign in.
 */
export const userImportRowSchema = z.object({
  username: usernameSchema,
  realname: userFields.realname,
  phone: userFields.phone,
  email: userFields.email,
  sex: userFields.sex,
  birthday: userFields.birthday,
  post: userFields.post,
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

/** The username cannot change after creation; everything else can. */
export const userEditSchema = z.preprocess(jeecgUserAliases, z.object({ id: uuidSchema, ...userFields }));
export type UserEditRequest = z.infer<typeof userEditSchema>;

export const userFrozenSchema = z.object({
  ids: idListSchema,
  status: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '状态只能是1（正常）或2（冻结）' })
    .transform((v) => Number(v) as 1 | 2),
});

/** An administrator sets another user's password (§7 PUT /sys/user/changePassword). */
export const userChangePasswordSchema = z
  .object({ username: usernameSchema, ...newPassword })
  .refine(passwordsMatch, { message: USER_MESSAGES_ADMIN.passwordMismatch, path: ['confirmpassword'] });

export const userListQuerySchema = pageQuerySchema.extend({
  pageSize: adminPageSizeSchema,
  column: z.enum(USER_SORTABLE_COLUMNS, { error: USER_MESSAGES_ADMIN.badSort }).optional(),
  username: wrappedFilterSchema,
  realname: wrappedFilterSchema,
  phone: wrappedFilterSchema,
  status: codeSchema.pipe(z.enum(['1', '2'], { error: '状态只能是1（正常）或2（冻结）' })).optional(),
  departId: uuidSchema.optional(),
  ...superQueryFields,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** The people picker (§7 queryUserComponentData): page size 5 by default (§9: 5/10/20/30). */
export const userComponentQuerySchema = pageQuerySchema.extend({
  pageSize: pageSizeSchema.default(5),
  column: z.enum(USER_SORTABLE_COLUMNS, { error: USER_MESSAGES_ADMIN.badSort }).optional(),
  username: containsTextSchema,
  /** Which text field `username` searches: username (default), realname or phone. */
  field: z.enum(['username', 'realname', 'phone'], { error: '不支持按该字段查询' }).optional(),
  departId: uuidSchema.optional(),
});
export type UserComponentQuery = z.infer<typeof userComponentQuerySchema>;

export const checkOnlyUserSchema = z
  .object({
    id: uuidSchema.optional(),
    username: z.string().trim().max(64).optional(),
    phone: z.string().trim().max(32).optional(),
    email: z.string().trim().max(100).optional(),
  })
  .refine((v) => v.username || v.phone || v.email, { message: '请指定要校验的字段' });

export const userIdQuerySchema = z.object({ userid: uuidSchema });
export const departUsersQuerySchema = z.object({ id: uuidSchema, realname: containsTextSchema });

/** A row of the user list (§3: id, username, realname, phone, birthday, sex, orgCodeTxt, post). */
export interface UserListRow {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  sex: number | null;
  avatar: string | null;
  post: string | null;
  status: number;
  userType: string;
  userEnd: string[];
  orgCode: string | null;
  orgCodeTxt: string | null;
  /** Departments in this tenant: ids and names joined by commas, as list columns show them. */
  departIds: string[];
  departNames: string;
  roleIds: string[];
  roleNames: string;
  createTime: string;
}
