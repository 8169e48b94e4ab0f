import type {
  FindingSeverity,
  RectificationAction,
  RectificationAddressee,
  RectificationDto,
  RectificationLogDto,
  RectificationProposal,
  RectificationState,
} from '@aps/shared';
import type { supervisionRectification, supervisionRectificationLog } from './tables.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface RectificationJoined {
  r: typeof supervisionRectification.$inferSelect;
  inspectionTitle: string;
  findingDescription: string;
  severity: string;
}

export function rectificationDto({ r, inspectionTitle, findingDescription, severity }: RectificationJoined) {
  return {
    id: r.id,
    rectNo: r.rectNo,
    inspectionId: r.inspectionId,
    inspectionTitle,
    findingId: r.findingId,
    findingDescription,
    severity: severity as FindingSeverity,
    addresseeType: r.addresseeType as RectificationAddressee,
    addresseeOrgCode: r.addresseeOrgCode,
    supplierId: r.supplierId,
    addresseeName: r.addresseeName,
    deadline: r.deadline,
    requirement: r.requirement,
    state: r.state as RectificationState,
    approvalStatus: r.approvalStatus,
    answer: r.answer,
    answerFiles: r.answerFiles,
    answeredBy: r.answeredBy,
    answeredAt: iso(r.answeredAt),
    returnCount: r.returnCount,
    overdue: r.overdueAt !== null,
    proposal: r.proposal as RectificationProposal | null,
    proposalRef: r.proposalRef,
    inspectorUserId: r.inspectorUserId,
    createBy: r.createBy,
    createTime: r.createTime.toISOString(),
    closedAt: iso(r.closedAt),
  } satisfies RectificationDto;
}

export const logDto = (l: typeof supervisionRectificationLog.$inferSelect): RectificationLogDto => ({
  id: l.id,
  action: l.action as RectificationAction,
  fromState: l.fromState as RectificationState | null,
  toState: l.toState as RectificationState | null,
  comment: l.comment,
  files: l.files,
  actor: l.actor,
  createTime: l.createTime.toISOString(),
});
