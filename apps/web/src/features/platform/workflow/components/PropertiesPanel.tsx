import { Alert, Empty, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { BizSelect } from '../../../../shared/pickers/BizSelect.tsx';
import { UserPicker } from '../../../../shared/pickers/UserPicker.tsx';
import { ASSIGNEE_TYPE_OPTIONS, conditionError, SIGN_MODE_OPTIONS } from '../workflow.labels.ts';
import type { BpmnElement, Modeling } from './apsModdle.ts';

/** What the panel shows of the selected element, read afresh whenever bpmn-js says it changed. */
interface ElementState {
  id: string;
  type: string;
  name: string;
  assigneeType: string;
  assignees: string;
  leaderLevels: number | null;
  signMode: string;
  condition: string;
  /** A flow out of an exclusive gateway may carry a condition. */
  conditional: boolean;
}

const TYPE_LABELS: Record<string, string> = {
  'bpmn:UserTask': '用户任务',
  'bpmn:SequenceFlow': '连线',
  'bpmn:StartEvent': '开始事件',
  'bpmn:EndEvent': '结束事件',
  'bpmn:ExclusiveGateway': '排他网关',
  'bpmn:ParallelGateway': '并行网关',
  'bpmn:Process': '流程',
};

function readState(element: BpmnElement): ElementState {
  const bo = element.businessObject;
  const text = (name: string) => {
    const v = bo.get(name);
    return v === undefined || v === null ? '' : String(v);
  };
  const levels = Number(text('aps:leaderLevels'));
  const source = (bo as unknown as { sourceRef?: { $type?: string } }).sourceRef;
  return {
    id: bo.id,
    type: bo.$type,
    name: bo.name ?? '',
    assigneeType: bo.$type === 'bpmn:UserTask' ? text('aps:assigneeType') : '',
    assignees: bo.$type === 'bpmn:UserTask' ? text('aps:assignees') : '',
    leaderLevels: Number.isFinite(levels) && levels > 0 ? levels : null,
    signMode: bo.$type === 'bpmn:UserTask' ? text('aps:signMode') || 'or' : 'or',
    condition: bo.conditionExpression?.body ?? '',
    conditional: bo.$type === 'bpmn:SequenceFlow' && source?.$type !== 'bpmn:ParallelGateway',
  };
}

export interface PropertiesPanelProps {
  element: BpmnElement | null;
  /** Bumped by the modeller whenever the element changed (undo, label edit on the canvas …). */
  revision: number;
  modeling: Modeling;
  createExpression(body: string): unknown;
}

/**
 * Our properties panel (antd): the selected element's name; for a user task who handles it (用户, 角色, 发起人,
 * 部门负责人 n levels up) and or-sign / countersign; for a sequence flow its condition, checked with the same
 * parser the server evaluates it with. Every edit is a bpmn-js command (undoable, exported with the XML).
 */
export function PropertiesPanel({ element, revision, modeling, createExpression }: PropertiesPanelProps) {
  const [state, setState] = useState<ElementState | null>(null);
  const [conditionDraft, setConditionDraft] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision tells that the same element changed
  useEffect(() => {
    const next = element ? readState(element) : null;
    setState(next);
    setConditionDraft(next?.condition ?? '');
  }, [element, revision]);

  if (!element || !state) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在画布中选择一个元素" />;

  const update = (properties: Record<string, unknown>) => modeling.updateProperties(element, properties);
  const conditionProblem = conditionDraft.trim() ? conditionError(conditionDraft) : null;
  const isUserTask = state.type === 'bpmn:UserTask';

  return (
    <Form layout="vertical" size="small" className="aps-bpmn-properties" aria-label="属性面板">
      <Typography.Text type="secondary">
        {TYPE_LABELS[state.type] ?? state.type.replace('bpmn:', '')} · {state.id}
      </Typography.Text>
      <Form.Item label="名称" htmlFor="aps-prop-name" style={{ marginTop: 8 }}>
        <Input
          id="aps-prop-name"
          value={state.name}
          onChange={(e) => {
            setState({ ...state, name: e.target.value });
            update({ name: e.target.value });
          }}
        />
      </Form.Item>
      {isUserTask && (
        <>
          <Form.Item label="处理人类型" htmlFor="aps-prop-assignee-type">
            <Select
              id="aps-prop-assignee-type"
              value={state.assigneeType || undefined}
              placeholder="请选择处理人类型"
              options={ASSIGNEE_TYPE_OPTIONS}
              onChange={(v: string) => {
                const props: Record<string, unknown> = { 'aps:assigneeType': v, 'aps:assignees': undefined };
                if (v !== 'dept_leader') props['aps:leaderLevels'] = undefined;
                else props['aps:leaderLevels'] = String(state.leaderLevels ?? 1);
                update(props);
                setState({ ...state, assigneeType: v, assignees: '', leaderLevels: v === 'dept_leader' ? 1 : null });
              }}
            />
          </Form.Item>
          {state.assigneeType === 'user' && (
            <Form.Item label="处理人" htmlFor="aps-prop-assignees">
              <UserPicker
                id="aps-prop-assignees"
                value={state.assignees}
                onChange={(v) => {
                  setState({ ...state, assignees: v });
                  update({ 'aps:assignees': v || undefined });
                }}
              />
            </Form.Item>
          )}
          {state.assigneeType === 'role' && (
            <Form.Item label="处理角色" htmlFor="aps-prop-roles">
              <BizSelect
                id="aps-prop-roles"
                title="选择角色"
                table="sys_role"
                valueKey="role_code"
                displayKey="role_name"
                multiple
                placeholder="请选择角色"
                columns={[
                  { title: '角色编码', dataIndex: 'role_code' },
                  { title: '角色名称', dataIndex: 'role_name' },
                ]}
                queryConfig={[{ key: 'role_name', label: '角色名称' }]}
                value={state.assignees}
                onChange={(v) => {
                  setState({ ...state, assignees: v });
                  update({ 'aps:assignees': v || undefined });
                }}
              />
            </Form.Item>
          )}
          {state.assigneeType === 'dept_leader' && (
            <Form.Item label="向上级数" htmlFor="aps-prop-levels" tooltip="1 为发起人所在部门的负责人，2 为上一级部门">
              <InputNumber
                id="aps-prop-levels"
                min={1}
                max={10}
                precision={0}
                value={state.leaderLevels}
                onChange={(v) => {
                  const levels = typeof v === 'number' ? v : 1;
                  setState({ ...state, leaderLevels: levels });
                  update({ 'aps:leaderLevels': String(levels) });
                }}
              />
            </Form.Item>
          )}
          <Form.Item label="多人处理方式">
            <Radio.Group
              aria-label="多人处理方式"
              value={state.signMode}
              options={SIGN_MODE_OPTIONS}
              onChange={(e) => {
                setState({ ...state, signMode: e.target.value });
                update({ 'aps:signMode': e.target.value });
              }}
            />
          </Form.Item>
        </>
      )}
      {state.type === 'bpmn:SequenceFlow' && state.conditional && (
        <Form.Item
          label="条件表达式"
          htmlFor="aps-prop-condition"
          tooltip='如 amount >= 1000000 && category == "2"；留空表示无条件'
          validateStatus={conditionProblem ? 'error' : undefined}
          help={conditionProblem ?? undefined}
        >
          <Input.TextArea
            id="aps-prop-condition"
            rows={3}
            value={conditionDraft}
            onChange={(e) => setConditionDraft(e.target.value)}
            onBlur={() => {
              const body = conditionDraft.trim();
              if (body === state.condition || (body && conditionError(body))) return;
              update({ conditionExpression: body ? createExpression(body) : undefined });
              setState({ ...state, condition: body });
            }}
          />
        </Form.Item>
      )}
      {isUserTask && !state.assigneeType && <Alert type="warning" showIcon title="请设置处理人类型" />}
    </Form>
  );
}
