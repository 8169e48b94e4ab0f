import {
  formatDateTime,
  type PackageDto,
  type PackageInput,
  type PackageStatus,
  type PriceMethod,
  type ProjectDto,
  type PurchaseCategory,
  type PurchaseMethod,
  type PurchaseStage,
  type ReviewItemDto,
  type ReviewItemKind,
} from '@aps/shared';
import type { PackageRow } from './stage.ts';
import type { purchaseProject, purchaseReviewItem } from './tables.ts';

/** Row → DTO mappers and the exact money arithmetic of projects and packages. */
export type ProjectRow = typeof purchaseProject.$inferSelect;
export type ReviewItemRow = typeof purchaseReviewItem.$inferSelect;

export const time = (v: string | null | undefined) => (v ? new Date(v.replace(' ', 'T')) : null);

export function toProjectDto(r: ProjectRow): ProjectDto {
  return {
    id: r.id,
    planId: r.planId,
    purchaseNo: r.purchaseNo,
    purchaseCode: r.purchaseCode,
    purchaseName: r.purchaseName,
    purchaseCategory: r.purchaseCategory as PurchaseCategory,
    purchaseMethod: r.purchaseMethod as PurchaseMethod,
    purchaseCandidateCount: r.purchaseCandidateCount,
    sysOrgCode: r.sysOrgCode,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
  };
}

export const toReviewItemDto = (r: ReviewItemRow): ReviewItemDto => ({
  id: r.id,
  kind: r.kind as ReviewItemKind,
  name: r.name,
  maxScore: r.maxScore === null ? null : Number(r.maxScore),
  guidance: r.guidance,
  sortNo: r.sortNo,
});

export function toPackageDto(r: PackageRow, items?: ReviewItemRow[]): PackageDto {
  return {
    id: r.id,
    projectId: r.projectId,
    sysOrgCode: r.sysOrgCode,
    purchaseNo: r.purchaseNo,
    purchaseCode: r.purchaseCode,
    purchaseName: r.purchaseName,
    purchaseCategory: r.purchaseCategory as PurchaseCategory,
    purchaseMethod: r.purchaseMethod as PurchaseMethod,
    purchaseCandidateCount: r.purchaseCandidateCount,
    purchaseStage: r.purchaseStage as PurchaseStage,
    electionStatus: r.electionStatus as '0' | '1',
    status: r.status as PackageStatus,
    roundNo: r.roundNo,
    previousPackageId: r.previousPackageId,
    packageNo: r.packageNo,
    packageName: r.packageName,
    number: r.number,
    fixedPrice: r.fixedPrice,
    lowerCoefficientType: r.lowerCoefficientType,
    lowerCoefficient: r.lowerCoefficient,
    warrantyPeriod: r.warrantyPeriod,
    materialStartTime: formatDateTime(r.materialStartTime),
    materialEndTime: formatDateTime(r.materialEndTime),
    scoreType: r.scoreType,
    quotationRoundCount: r.quotationRoundCount,
    currentRoundNo: r.currentRoundNo,
    brandRequirements: r.brandRequirements,
    payTypeMemo: r.payTypeMemo,
    priceMethod: r.priceMethod as PriceMethod,
    priceK: r.priceK,
    priceAlpha: r.priceAlpha,
    priceBeta: r.priceBeta,
    minBidders: r.minBidders,
    expertCount: r.expertCount,
    expertSpecialities: r.expertSpecialities,
    twoEnvelope: r.twoEnvelope,
    signUpStartTime: formatDateTime(r.signUpStartTime),
    signUpEndTime: formatDateTime(r.signUpEndTime),
    bidDeadline: formatDateTime(r.bidDeadline),
    openingStartTime: formatDateTime(r.openingStartTime),
    reviewStartTime: formatDateTime(r.reviewStartTime),
    reviewStopTime: formatDateTime(r.reviewStopTime),
    publicityDays: r.publicityDays,
    publicityEndTime: formatDateTime(r.publicityEndTime),
    awardTime: formatDateTime(r.awardTime),
    validBidderIds: r.validBidderIds,
    rankedCandidates: r.rankedCandidates,
    approvalStatus: r.approvalStatus,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
    ...(items ? { reviewItems: items.map(toReviewItemDto) } : {}),
  };
}

/** Cents of a numeric text (exact). */
export const cents = (v: string | null | undefined): bigint => {
  if (!v) return 0n;
  const [i, f = ''] = v.split('.');
  return BigInt(`${i}${f.padEnd(2, '0').slice(0, 2)}`);
};
export const money = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;

export const packageValues = (p: PackageInput) => ({
  packageName: p.packageName,
  number: p.number ?? null,
  fixedPrice: p.fixedPrice,
  lowerCoefficientType: p.lowerCoefficientType,
  lowerCoefficient: p.lowerCoefficientType === 1 ? (p.lowerCoefficient ?? null) : null,
  warrantyPeriod: p.warrantyPeriod ?? null,
  materialStartTime: time(p.materialStartTime),
  materialEndTime: time(p.materialEndTime),
  scoreType: p.scoreType,
  quotationRoundCount: p.scoreType === '3' ? 1 : p.quotationRoundCount,
  brandRequirements: p.brandRequirements ?? null,
  payTypeMemo: p.payTypeMemo ?? null,
});
