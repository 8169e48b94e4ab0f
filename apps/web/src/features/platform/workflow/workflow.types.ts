export interface WfDiagram {
  xml: string;
  finishedNodeIds: string[];
  activeNodeIds: string[];
  finishedFlowIds: string[];
}
export interface WfTask {
  id: string;
  instanceId: string;
  nodeId: string;
  nodeName: string;
  title: string;
  businessType: string;
  businessKey: string;
  initiator: string;
  initiatorName?: string | null;
  assignee: string;
  createTime: string;
  endTime?: string | null;
  action?: string | null;
  comment?: string | null;
}
export interface WfInstance {
  id: string;
  definitionId: string;
  definitionKey: string;
  definitionName: string;
  version: number;
  businessType: string;
  businessKey: string;
  title: string;
  status: string;
  approvalStatus: number;
  initiator: string;
  initiatorName?: string | null;
  currentNodes?: string | null;
  currentAssignees?: string | null;
  createTime: string;
  endTime?: string | null;
}
export interface WfHistory {
  id: string;
  nodeId: string | null;
  nodeName: string | null;
  action: string;
  actor: string;
  actorName?: string | null;
  comment: string | null;
  createTime: string;
}
export interface WfTaskDetail {
  task: WfTask;
  instance: WfInstance;
  history: WfHistory[];
  diagram: WfDiagram;
  returnTargets: { nodeId: string; nodeName: string }[];
  canAct: boolean;
}
export interface WfInstanceDetail {
  instance: WfInstance;
  history: WfHistory[];
  diagram: WfDiagram;
  currentTasks: WfTask[];
}
export interface WfDefinition {
  id: string;
  key: string;
  name: string;
  version: number;
  status: string;
  xml?: string;
  versionCount?: number;
  boundTypes?: string[];
  createBy?: string | null;
  createTime: string;
}
export interface WfBinding {
  businessType: string;
  key: string;
}
export interface DemoRequestDto {
  id: string;
  title: string;
  amount: number | string;
  reason: string;
  approvalStatus: number;
  instanceId: string | null;
  createBy: string;
  createTime: string;
}
