import { z } from 'zod';
import { pageQuerySchema } from './query.ts';
import { superQueryFields } from './super-query.ts';

/** A purchase record as lists show it (§3). Times are "YYYY-MM-DD HH:mm:ss" strings. */
export interface PurchaseRecordDto {
  id: string;
  sysOrgCode: string;
  purchaseNo: string;
  purchaseCode: string;
  purchaseName: string;
  purchaseCategory: string;
  purchaseCandidateCount: number;
  purchaseStage: string;
  reviewStartTime: string | null;
  reviewStopTime: string | null;
  openingStartTime: string | null;
  packageNo: string;
  packageName: string;
  number: string | null;
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
  lowerCoefficient: string | null;
  electionStatus: string | null;
  warrantyPeriod: number | null;
  materialStartTime: string | null;
  materialEndTime: string | null;
  scoreType: string;
  quotationRoundCount: number;
  currentRoundNo: number;
  brandRequirements: string | null;
  payTypeMemo: string | null;
  approvalStatus: string;
  createBy: string | null;
  createTime: string;
}

export const PURCHASE_SORTABLE_COLUMNS = [
  'createTime',
  'purchaseCode',
  'purchaseStage',
  'fixedPrice',
  'reviewStartTime',
] as const;

/** Strips the filter wrapping of §5 (*v* for like) so the server always does a contains search. */
const containsFilter = z
  .string()
  .max(100, '查询条件过长')
  .transform((v) => v.trim().replace(/^\*|\*$/g, ''))
  .optional();

export const purchaseRecordQuerySchema = pageQuerySchema.extend({
  column: z.enum(PURCHASE_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  purchaseName: containsFilter,
  purchaseCode: containsFilter,
  purchaseStage: z.coerce.number().int().min(1).max(12).optional(),
  purchaseCategory: z.string().max(8).optional(),
  electionStatus: z.enum(['0', '1']).optional(),
  ...superQueryFields,
});
export type PurchaseRecordQuery = z.infer<typeof purchaseRecordQuerySchema>;
