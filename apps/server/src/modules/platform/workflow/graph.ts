/// <reference path="./bpmn-moddle.d.ts" />
import {
  APS_BPMN,
  ASSIGNEE_TYPES,
  type AssigneeType,
  BPMN_ELEMENT_LABELS,
  checkExpression,
  WORKFLOW_MESSAGES as M,
  type SignMode,
} from '@aps/shared';
import { BpmnModdle } from 'bpmn-moddle';

/**
 * The BPMN subset the engine executes, compiled once at deploy: start/end events, user tasks, exclusive and
 * parallel gateways, sequence flows with conditions in the safe expression language. Everything else is refused
 * with the element named in Chinese, so a definition that deploys is one the engine can run to its end.
 */
export type NodeType = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel';

export interface CompiledNode {
  id: string;
  name: string;
  type: NodeType;
  incoming: string[];
  outgoing: string[];
  assigneeType?: AssigneeType;
  assignees?: string[];
  leaderLevels?: number;
  signMode?: SignMode;
  defaultFlow?: string;
}

export interface CompiledFlow {
  id: string;
  name: string;
  source: string;
  target: string;
  condition?: string;
}

export interface CompiledGraph {
  processId: string;
  name: string;
  startId: string;
  nodes: Record<string, CompiledNode>;
  flows: Record<string, CompiledFlow>;
}

const TYPES: Record<string, NodeType> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
};

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  $attrs?: Record<string, string>;
  flowElements?: ModdleElement[];
  rootElements?: ModdleElement[];
  eventDefinitions?: ModdleElement[];
  loopCharacteristics?: ModdleElement;
  sourceRef?: ModdleElement;
  targetRef?: ModdleElement;
  conditionExpression?: { body?: string };
  default?: ModdleElement;
  isExecutable?: boolean;
}

/** Our extension attribute, whatever prefix the document bound to our namespace (aps: by convention). */
function attr(el: ModdleElement, name: string): string | undefined {
  const attrs = el.$attrs ?? {};
  const local = name.split(':')[1] as string;
  if (attrs[name] !== undefined) return attrs[name];
  const prefixes = Object.entries(attrs)
    .filter(([k, v]) => k.startsWith('xmlns:') && v === APS_BPMN.uri)
    .map(([k]) => k.slice(6));
  for (const p of prefixes) if (attrs[`${p}:${local}`] !== undefined) return attrs[`${p}:${local}`];
  return undefined;
}

const labelOf = (type: string) => BPMN_ELEMENT_LABELS[type] ?? type.replace(/^bpmn:/, '');
const nameOf = (el: ModdleElement) => el.name?.trim() || el.id || '';

export interface CompileResult {
  graph: CompiledGraph | null;
  errors: string[];
}

/** Parses, validates and compiles a BPMN document. */
export async function compileBpmn(xml: string): Promise<CompileResult> {
  const moddle = new BpmnModdle();
  let root: ModdleElement;
  try {
    const parsed = await moddle.fromXML(xml);
    root = parsed.rootElement as unknown as ModdleElement;
  } catch (e) {
    return {
      graph: null,
      errors: [M.xmlInvalid(e instanceof Error ? (e.message.split('\n')[0]?.slice(0, 200) ?? '') : '')],
    };
  }
  const errors: string[] = [];
  // A participant's namespace declarations live on definitions: attributes on elements keep their own $attrs.
  const rootAttrs = root.$attrs ?? {};
  const processes = (root.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  for (const e of root.rootElements ?? []) {
    if (e.$type === 'bpmn:Collaboration') errors.push(M.unsupportedElement('协作图', nameOf(e), e.id ?? ''));
  }
  if (processes.length !== 1) {
    if (processes.length === 0) errors.push(M.noProcess);
    else errors.push('流程图中只能有一个流程');
    return { graph: null, errors };
  }
  const proc = processes[0] as ModdleElement;
  const nodes: Record<string, CompiledNode> = {};
  const flows: Record<string, CompiledFlow> = {};
  const elements = proc.flowElements ?? [];
  const withNs = (el: ModdleElement): ModdleElement => ({ ...el, $attrs: { ...rootAttrs, ...(el.$attrs ?? {}) } });

  for (const el of elements) {
    const id = el.id ?? '';
    if (el.$type === 'bpmn:SequenceFlow') continue;
    const type = TYPES[el.$type];
    if (!type) {
      const def = el.eventDefinitions?.[0];
      errors.push(M.unsupportedElement(`${def ? labelOf(def.$type) : ''}${labelOf(el.$type)}`, nameOf(el), id));
      continue;
    }
    const defs = el.eventDefinitions ?? [];
    if (defs.length) {
      const d = defs[0] as ModdleElement;
      errors.push(M.unsupportedElement(`${labelOf(d.$type)}${labelOf(el.$type)}`, nameOf(el), id));
      continue;
    }
    if (el.loopCharacteristics) {
      errors.push(M.unsupportedElement(`多实例${labelOf(el.$type)}`, nameOf(el), id));
      continue;
    }
    const node: CompiledNode = { id, name: el.name?.trim() || id, type, incoming: [], outgoing: [] };
    if (type === 'userTask') {
      const x = withNs(el);
      const kind = (attr(x, APS_BPMN.assigneeType) ?? '').trim();
      const list = (attr(x, APS_BPMN.assignees) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const levels = Number(attr(x, APS_BPMN.leaderLevels) ?? '1');
      const sign = (attr(x, APS_BPMN.signMode) ?? 'or').trim() || 'or';
      if (!(kind in ASSIGNEE_TYPES)) errors.push(M.noAssignee(node.name, id));
      else if ((kind === 'user' || kind === 'role') && list.length === 0) errors.push(M.noAssignee(node.name, id));
      else if (kind === 'dept_leader' && !(Number.isInteger(levels) && levels >= 1 && levels <= 10)) {
        errors.push(`用户任务「${node.name}」(${id})的部门层级须是1到10之间的整数`);
      }
      if (sign !== 'or' && sign !== 'and') errors.push(`用户任务「${node.name}」(${id})的会签方式无效`);
      node.assigneeType = kind as AssigneeType;
      node.assignees = list;
      node.leaderLevels = Number.isInteger(levels) ? levels : 1;
      node.signMode = sign as SignMode;
    }
    if (el.default?.id) node.defaultFlow = el.default.id;
    nodes[id] = node;
  }

  for (const el of elements) {
    if (el.$type !== 'bpmn:SequenceFlow') continue;
    const id = el.id ?? '';
    const source = el.sourceRef?.id ?? '';
    const target = el.targetRef?.id ?? '';
    const flow: CompiledFlow = { id, name: el.name?.trim() ?? '', source, target };
    const body = el.conditionExpression?.body?.trim();
    if (body) {
      const problem = checkExpression(body);
      if (problem) errors.push(M.badCondition(id, problem));
      flow.condition = body;
    }
    flows[id] = flow;
    nodes[source]?.outgoing.push(id);
    nodes[target]?.incoming.push(id);
  }

  const starts = Object.values(nodes).filter((n) => n.type === 'start');
  if (starts.length !== 1) errors.push(M.noStart);
  if (!Object.values(nodes).some((n) => n.type === 'end')) errors.push(M.noEnd);
  for (const n of Object.values(nodes)) {
    if (n.type !== 'end' && n.outgoing.length === 0) errors.push(M.noOutgoing(n.name, n.id));
    if (n.type === 'userTask' && n.outgoing.length > 1) {
      errors.push(`用户任务「${n.name}」(${n.id})只能有一个出口，分支请使用网关`);
    }
  }
  if (starts.length === 1 && errors.length === 0) {
    const seen = new Set<string>();
    const stack = [(starts[0] as CompiledNode).id];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const f of nodes[id]?.outgoing ?? []) stack.push(flows[f]?.target as string);
    }
    for (const n of Object.values(nodes)) if (!seen.has(n.id)) errors.push(M.unreachable(n.name, n.id));
  }
  if (errors.length) return { graph: null, errors };
  return {
    graph: {
      processId: proc.id ?? '',
      name: proc.name ?? '',
      startId: (starts[0] as CompiledNode).id,
      nodes,
      flows,
    },
    errors: [],
  };
}
