import { APS_BPMN, type AssigneeType, type SignMode } from '@aps/shared';

/**
 * Builds BPMN XML (with its diagram, so bpmn-js shows it) for a chain of approval steps. A step with a `when`
 * condition sits behind an exclusive gateway: taken when the condition holds, skipped otherwise (default flow).
 * The seed's default processes and the tests use it; people draw theirs in the modeller.
 */
export interface StepSpec {
  id: string;
  name: string;
  assigneeType: AssigneeType;
  assignees?: string[];
  leaderLevels?: number;
  signMode?: SignMode;
  /** Condition in the safe expression language: the step runs only when it holds. */
  when?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildApprovalXml(key: string, name: string, steps: StepSpec[]): string {
  const elements: string[] = [];
  const shapes: string[] = [];
  const edges: string[] = [];
  let x = 100;
  const y = 100;
  const pos: Record<string, { x: number; y: number; w: number; h: number }> = {};
  const place = (id: string, w: number, h: number, yy = y + 40 - h / 2) => {
    pos[id] = { x, y: yy, w, h };
    shapes.push(
      `<bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${yy}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`,
    );
    x += w + 50;
  };
  let flowNo = 0;
  const flow = (source: string, target: string, condition?: string, label?: string) => {
    const id = `Flow_${++flowNo}`;
    const cond = condition
      ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(condition)}</bpmn:conditionExpression>`
      : '';
    elements.push(
      `<bpmn:sequenceFlow id="${id}"${label ? ` name="${esc(label)}"` : ''} sourceRef="${source}" targetRef="${target}">${cond}</bpmn:sequenceFlow>`,
    );
    const a = pos[source];
    const b = pos[target];
    if (a && b) {
      const sy = a.y + a.h / 2;
      const ty = b.y + b.h / 2;
      const points =
        sy === ty
          ? [
              [a.x + a.w, sy],
              [b.x, ty],
            ]
          : [
              [a.x + a.w / 2, a.y],
              [a.x + a.w / 2, y - 40],
              [b.x + b.w / 2, y - 40],
              [b.x + b.w / 2, b.y],
            ];
      edges.push(
        `<bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([px, py]) => `<di:waypoint x="${px}" y="${py}" />`).join('')}</bpmndi:BPMNEdge>`,
      );
    }
    return id;
  };

  elements.push('<bpmn:startEvent id="StartEvent_1" name="发起" />');
  place('StartEvent_1', 36, 36);
  let previous = 'StartEvent_1';
  // Flows are drawn once both ends are placed; a gateway's default flow is resolved after the next step exists.
  const pending: Array<() => void> = [];
  let skipFrom: { gateway: string; label: string } | null = null;
  const connect = (target: string) => {
    const from = previous;
    const skip = skipFrom;
    pending.push(() => {
      flow(from, target);
      if (skip) {
        const id = flow(skip.gateway, target, undefined, skip.label);
        const gw = elements.findIndex((e) => e.startsWith(`<bpmn:exclusiveGateway id="${skip.gateway}"`));
        if (gw >= 0) elements[gw] = (elements[gw] as string).replace('DEFAULT', id);
      }
    });
    skipFrom = null;
  };
  for (const step of steps) {
    if (step.when) {
      const gw = `Gateway_${step.id}`;
      elements.push(`<bpmn:exclusiveGateway id="${gw}" name="条件判断" default="DEFAULT" />`);
      connect(gw);
      place(gw, 50, 50);
      const cond = step.when;
      pending.push(() => flow(gw, step.id, cond, '满足条件'));
      previous = gw;
    }
    const attrs = [
      `${APS_BPMN.assigneeType}="${step.assigneeType}"`,
      step.assignees?.length ? `${APS_BPMN.assignees}="${esc(step.assignees.join(','))}"` : '',
      step.assigneeType === 'dept_leader' ? `${APS_BPMN.leaderLevels}="${step.leaderLevels ?? 1}"` : '',
      `${APS_BPMN.signMode}="${step.signMode ?? 'or'}"`,
    ]
      .filter(Boolean)
      .join(' ');
    elements.push(`<bpmn:userTask id="${step.id}" name="${esc(step.name)}" ${attrs} />`);
    if (!step.when) connect(step.id);
    place(step.id, 100, 80);
    if (step.when) skipFrom = { gateway: `Gateway_${step.id}`, label: '不满足' };
    previous = step.id;
  }
  elements.push('<bpmn:endEvent id="EndEvent_1" name="结束" />');
  connect('EndEvent_1');
  place('EndEvent_1', 36, 36);
  for (const p of pending) p();

  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${APS_BPMN.prefix}="${APS_BPMN.uri}" id="Definitions_${esc(key)}" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="Process_${esc(key)}" name="${esc(name)}" isExecutable="true">
${elements.join('\n')}
</bpmn:process>
<bpmndi:BPMNDiagram id="BPMNDiagram_1"><bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_${esc(key)}">
${shapes.join('\n')}
${edges.join('\n')}
</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}
