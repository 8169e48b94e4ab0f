/**
 * The moddle extension of our BPMN attributes (namespace `aps`, http://aps.example/bpmn): the assignee of a user
 * task and its sign mode. With it bpmn-js reads and writes `aps:assigneeType` … as real properties of the task, so
 * the modeller keeps them through edits and exports them with the namespace declared.
 */
export const APS_MODDLE = {
  name: 'APS',
  prefix: 'aps',
  uri: 'http://aps.example/bpmn',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'AssigneeHolder',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assigneeType', isAttr: true, type: 'String' },
        { name: 'assignees', isAttr: true, type: 'String' },
        { name: 'leaderLevels', isAttr: true, type: 'String' },
        { name: 'signMode', isAttr: true, type: 'String' },
      ],
    },
  ],
};

/** A new diagram: one process with its start event, ready to draw on. */
export function emptyDiagram(processId = 'Process_1', processName = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:aps="http://aps.example/bpmn" id="Definitions_1" targetNamespace="http://aps.example/bpmn">
  <bpmn:process id="${escapeXml(processId)}" name="${escapeXml(processName)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="开始" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${escapeXml(processId)}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Minimal shapes of the bpmn-js objects the panel touches (bpmn-js types them loosely). */
export interface BusinessObject {
  id: string;
  $type: string;
  name?: string;
  conditionExpression?: { body?: string } | null;
  get(name: string): unknown;
}

export interface BpmnElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  labelTarget?: BpmnElement;
}

export interface Modeling {
  updateProperties(element: BpmnElement, properties: Record<string, unknown>): void;
}
