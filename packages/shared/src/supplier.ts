/**
 * The zod half of the supplier contract (issue 16): registration, the directory form, the blacklist, certificates,
 * the portal's profile change, performance scores and the list queries. Chinese messages; §5 texts for the bank
 * card, mobile and e-mail rules. State checks, ownership and uniqueness are the server's.
 */
import { z } from 'zod';
import { dateSchema, multiValueSchema } from './primitives.ts';
import { moneySchema } from './procurement.ts';
import { pageQuerySchema } from './query.ts';
import { RULES } from './rules.ts';
import {
  blankToNull,
  keywordField as keyword,
  nullableDate,
  nullableText as optionalText,
  requiredText as text,
  uuidField as uuid,
} from './schema-fields.ts';
import { superQueryFields } from './super-query.ts';
import {
  BLACKLIST_STATES,
  CERTIFICATE_STATES,
  SUPPLIER_LIMITS as L,
  SUPPLIER_MESSAGES as M,
  SUPPLIER_STATUS_LABELS,
  SUPPLIER_TRANSITIONS,
  type SupplierAction,
} from './supplier.constants.ts';
import { isValidUscc } from './uscc.ts';
import { newPassword, passwordsMatch } from './user.ts';
import { usernameSchema } from './validation.ts';

export * from './supplier.constants.ts';
export * from './supplier-dto.ts';
export * from './uscc.ts';

const pattern = (rule: { pattern: RegExp; message: string }) =>
  z
    .preprocess(blankToNull, z.string().trim().regex(rule.pattern, rule.message).nullable())
    .optional()
    .transform((v) => v ?? null);
const supplierId = uuid(M.notFound);

/** 统一社会信用代码: upper-cased, GB 32100-2015 check. */
export const creditCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: '请输入统一社会信用代码' }).refine(isValidUscc, M.creditCodeInvalid),
);
/** Category codes (sys_category codes): distinct, at most L.maxCategories. */
export const categoryCodesSchema = multiValueSchema
  .pipe(z.array(z.string().max(64, '品类编码过长')).max(L.maxCategories, `最多选择${L.maxCategories}个品类`))
  .transform((a) => [...new Set(a)]);
export const mobileSchemaForSupplier = z
  .string({ error: RULES.mobile.required })
  .trim()
  .regex(RULES.mobile.pattern, RULES.mobile.message);

/** The profile fields shared by registration, the directory form and the portal's change request. */
const profileFields = {
  name: text('企业名称', L.nameMax),
  creditCode: creditCodeSchema,
  legalRepresentative: text('法定代表人', 50),
  address: optionalText('地址', L.addressMax),
  contactName: text('联系人', 50),
  contactPhone: mobileSchemaForSupplier,
  contactEmail: pattern(RULES.email),
  categories: categoryCodesSchema.default([]),
  bankName: optionalText('开户银行', 100),
  bankAccount: pattern(RULES.bankCard),
};
export const supplierProfileSchema = z.object(profileFields);
export type SupplierProfileInput = z.infer<typeof supplierProfileSchema>;

export const certificateFileSchema = z.object({
  fileId: z.string().uuid('文件不存在'),
  filePath: z.string().max(500),
  fileName: z.string().max(255),
  fileSize: z.number().int().nonnegative(),
});
const certificateFields = z
  .object({
    kind: text('证书类型', 50),
    name: text('证书名称', 100),
    number: text('证书编号', 100),
    issuer: optionalText('发证机关', 100),
    validFrom: nullableDate,
    expiresOn: dateSchema,
    files: z
      .array(certificateFileSchema)
      .max(L.maxCertificateFiles, `最多上传${L.maxCertificateFiles}个文件`)
      .default([]),
  })
  .refine((v) => v.validFrom === null || v.expiresOn >= v.validFrom, {
    message: '有效期止不能早于有效期起',
    path: ['expiresOn'],
  });

/** The registration's upload token: made by the browser at the start of a registration, sent with its uploads. */
export const registerTokenSchema = z.string({ error: '注册凭证无效' }).regex(/^[A-Za-z0-9_-]{32,64}$/, '注册凭证无效');
/** A certificate entered at registration (the files are uploads of the same registration). */
export const registerCertificateSchema = certificateFields;

/**
 * Public self-registration (wizard steps 账号 → 企业信息 → 供应品类 → 资质证书 → 银行账户): the account (username,
 * password twice, the mobile = contactPhone with its /sys/sms smsmode 1 code), the profile and the certificates.
 */
export const supplierRegisterSchema = supplierProfileSchema
  .extend({
    username: usernameSchema,
    ...newPassword,
    smsCode: z.string({ error: '请输入验证码' }).regex(/^\d{4,6}$/, '请输入正确的验证码'),
    registerToken: registerTokenSchema,
    certificates: z.array(registerCertificateSchema).max(20, '最多填写20个资质证书').default([]),
  })
  .refine(passwordsMatch, { message: '两次输入的密码不一致', path: ['confirmpassword'] });
/** A rejected registration edited and submitted again by its own (signed-in) supplier user. */
export const supplierResubmitSchema = supplierProfileSchema;
export type SupplierRegisterInput = z.infer<typeof supplierRegisterSchema>;

/** 供应商名录 add (staff enter an admitted supplier directly) / edit. */
export const supplierAddSchema = supplierProfileSchema.extend({ standing: optionalText('备注', L.reasonMax) });
export const supplierEditSchema = supplierAddSchema.extend({ id: supplierId });
export type SupplierAddInput = z.infer<typeof supplierAddSchema>;
export type SupplierEditInput = z.infer<typeof supplierEditSchema>;

const ACTIONS = SUPPLIER_TRANSITIONS.map((t) => t.action).filter((a) => a !== 'blacklist' && a !== 'release') as [
  SupplierAction,
  ...SupplierAction[],
];
/** A direct lifecycle action on the directory (the blacklist goes through its own approval). */
export const supplierTransitionSchema = z.object({
  id: supplierId,
  action: z.enum(ACTIONS, { error: '不支持的操作' }),
  reason: text('原因', L.reasonMax),
});
export type SupplierTransitionInput = z.infer<typeof supplierTransitionSchema>;

/** The columns 供应商名录 sorts by (the server's allow-list; anything else is refused, never passed to SQL). */
export const SUPPLIER_SORTABLE_COLUMNS = ['createTime', 'name', 'status'] as const;
export const supplierListQuerySchema = pageQuerySchema.extend({
  column: z.enum(SUPPLIER_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  ...superQueryFields,
  name: keyword,
  creditCode: keyword,
  status: z.enum(Object.keys(SUPPLIER_STATUS_LABELS) as [string, ...string[]], { error: '状态不正确' }).optional(),
  category: z.string().max(64).optional(),
});
export type SupplierListQuery = z.infer<typeof supplierListQuerySchema>;
/** 合格供应商: the qualified (and suspended, flagged) suppliers of a category. */
export const qualifiedListQuerySchema = pageQuerySchema.extend({
  name: keyword,
  category: z.string().max(64).optional(),
});

export const blacklistAddSchema = z
  .object({
    supplierId,
    reason: text('列入原因', L.reasonMax),
    scope: z.enum(['tenant', 'categories'], { error: '请选择限制范围' }).default('tenant'),
    categories: categoryCodesSchema.default([]),
    startDate: dateSchema,
    /** null = permanent. */
    endDate: nullableDate,
  })
  .refine((v) => v.scope !== 'categories' || v.categories.length > 0, {
    message: M.blacklistCategoriesRequired,
    path: ['categories'],
  })
  .refine((v) => v.endDate === null || v.endDate >= v.startDate, {
    message: M.blacklistEndBeforeStart,
    path: ['endDate'],
  });
export type BlacklistAddInput = z.infer<typeof blacklistAddSchema>;
/** Release (解除) or eliminate (淘汰) a blacklisted supplier: the row and why. */
export const blacklistReleaseSchema = z.object({ id: uuid('黑名单记录不存在'), reason: text('原因', L.reasonMax) });
export type BlacklistReleaseInput = z.infer<typeof blacklistReleaseSchema>;
export const blacklistListQuerySchema = pageQuerySchema.extend({
  supplierName: keyword,
  state: z.enum(Object.keys(BLACKLIST_STATES) as [string, ...string[]], { error: '状态不正确' }).optional(),
});

export const certificateAddSchema = certificateFields;
export const certificateEditSchema = z.intersection(
  certificateAddSchema,
  z.object({ id: uuid(M.certificateNotFound) }),
);
export type CertificateAddInput = z.infer<typeof certificateAddSchema>;
export type CertificateEditInput = z.infer<typeof certificateEditSchema>;
export const certificateListQuerySchema = pageQuerySchema.extend({
  supplierId: supplierId.optional(),
  state: z.enum(Object.keys(CERTIFICATE_STATES) as [string, ...string[]], { error: '状态不正确' }).optional(),
});

/** The portal's profile change request (key fields go to approval: SUPPLIER_KEY_FIELDS). */
export const supplierChangeSchema = supplierProfileSchema.extend({ reason: optionalText('变更说明', L.reasonMax) });
export type SupplierChangeInput = z.infer<typeof supplierChangeSchema>;

const score = (label: string) => moneySchema(label).refine((v) => Number(v) <= L.scoreMax, M.scoreRange);
/** 履约评价 of a contract (0..100 each, two decimals). */
export const performanceAddSchema = z.object({
  contractId: uuid('合同不存在或已删除'),
  qualityScore: score('质量评分'),
  scheduleScore: score('进度评分'),
  serviceScore: score('服务评分'),
  comments: optionalText('评价意见', L.reasonMax),
});
export type PerformanceAddInput = z.infer<typeof performanceAddSchema>;
export const performanceListQuerySchema = pageQuerySchema.extend({ supplierId: supplierId.optional() });
