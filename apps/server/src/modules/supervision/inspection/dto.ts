import type { FindingDto, FindingSeverity, InspectionDto, InspectionState, InspectionTargetType } from '@aps/shared';
import type { supervisionFinding, supervisionInspection } from './tables.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function inspectionDto(
  r: typeof supervisionInspection.$inferSelect,
  findingCount: number,
  names: Map<string, string>,
): InspectionDto {
  return {
    id: r.id,
    title: r.title,
    targetType: r.targetType as InspectionTargetType,
    targetId: r.targetId,
    targetName: r.targetName,
    signal: r.signal,
    scope: r.scope,
    inspectorIds: r.inspectorIds,
    inspectorNames: r.inspectorIds.map((id) => names.get(id) ?? ''),
    plannedStart: r.plannedStart,
    plannedEnd: r.plannedEnd,
    actualStart: r.actualStart,
    actualEnd: r.actualEnd,
    state: r.state as InspectionState,
    sysOrgCode: r.sysOrgCode,
    findingCount,
    createBy: r.createBy,
    createTime: iso(r.createTime) ?? '',
  };
}

export function findingDto(r: typeof supervisionFinding.$inferSelect, rectificationId: string | null): FindingDto {
  return {
    id: r.id,
    inspectionId: r.inspectionId,
    description: r.description,
    severity: r.severity as FindingSeverity,
    evidence: r.evidence,
    createBy: r.createBy,
    createTime: r.createTime.toISOString(),
    rectificationId,
  };
}
