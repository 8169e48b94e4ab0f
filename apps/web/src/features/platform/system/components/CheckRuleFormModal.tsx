import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CheckRuleDto, type CheckRuleItem, checkRuleAddSchema } from '@aps/shared';
import { CHECK_RULE_MESSAGES, checkByRules, checkPatternProblem } from '@aps/shared/constants';
import { Alert, App, Button, Col, Form, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type CheckRuleFormValues, checkRuleApi } from '../jobs.api.ts';
import { schemaRule } from '../schemaRule.ts';

const S = checkRuleAddSchema.shape;
const MAX_ITEMS = 20;
const NEW_ITEM: CheckRuleItem = { digits: '*', pattern: '', message: '' };

const lastIsStar = (items: CheckRuleItem[] | undefined) => String(items?.at(-1)?.digits ?? '').trim() === '*';

/** The local result of the unsaved rules for a sample value: null while the rules themselves are not valid. */
function tryRules(items: CheckRuleItem[] | undefined, value: string): { ok: boolean; text: string } | null {
  if (!value || !items?.length) return null;
  if (!S.ruleJson.safeParse(items).success) return null;
  const problem = checkByRules(items, value);
  return problem === null ? { ok: true, text: CHECK_RULE_MESSAGES.passed } : { ok: false, text: problem };
}

/**
 * Add or edit a check rule: code, name and its segments. Each segment checks the next N characters (or "*", all
 * the rest) against a regular expression; the first segment a value breaks gives the message. A sample value is
 * checked against the unsaved segments as they are typed.
 */
export function CheckRuleFormModal({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: CheckRuleDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CheckRuleFormValues>();
  const [sample, setSample] = useState('');
  const items = Form.useWatch('ruleJson', form) as CheckRuleItem[] | undefined;
  const save = useCrudMutation(checkRuleApi, checkRuleApi.save);
  const initialValues = useMemo<Partial<CheckRuleFormValues>>(
    () =>
      rule
        ? {
            ruleCode: rule.ruleCode,
            ruleName: rule.ruleName,
            ruleJson: rule.ruleJson,
            description: rule.description,
          }
        : { ruleJson: [NEW_ITEM] },
    [rule],
  );
  const sampleResult = tryRules(items, sample);

  return (
    <ModalForm<CheckRuleFormValues>
      name="checkRuleForm"
      open={open}
      title={rule ? '编辑' : '新增'}
      form={form}
      width={900}
      initialValues={initialValues}
      onClose={() => {
        setSample('');
        onClose();
      }}
      onSubmit={async (v) => {
        try {
          await save.mutateAsync({ ...v, id: rule?.id });
        } catch (err) {
          if (err instanceof HttpError && err.message === CHECK_RULE_MESSAGES.codeTaken) {
            form.setFields([{ name: 'ruleCode', errors: [err.message] }]);
          }
          throw err;
        }
        setSample('');
        message.success(rule ? '编辑成功!' : '添加成功！');
      }}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item label="规则名称" name="ruleName" required rules={[schemaRule(S.ruleName)]}>
            <Input placeholder="请输入规则名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="规则编码" name="ruleCode" required rules={[schemaRule(S.ruleCode)]}>
            <Input placeholder="请输入规则编码" maxLength={64} disabled={Boolean(rule)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="校验规则"
        required
        extra="从左到右逐段校验：每条规则校验接下来的N位字符，“*”表示其余全部（只能用于最后一条）"
      >
        <Form.List name="ruleJson" rules={[schemaRule(S.ruleJson, { topLevel: true })]}>
          {(fields, { add, remove }, { errors }) => (
            <div className="aps-check-rule-items">
              <Row gutter={8} style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>
                <Col flex="90px">位数</Col>
                <Col flex="1 1 0">正则表达式</Col>
                <Col flex="1 1 0">提示信息</Col>
                <Col flex="32px" />
              </Row>
              {fields.map((field, index) => (
                <Row key={field.key} gutter={8} wrap={false}>
                  <Col flex="90px">
                    <Form.Item
                      name={[field.name, 'digits']}
                      style={{ marginBottom: 8 }}
                      rules={[
                        { required: true, whitespace: true, message: CHECK_RULE_MESSAGES.badDigits },
                        { pattern: /^\s*(\*|0*[1-9]\d{0,3})\s*$/, message: CHECK_RULE_MESSAGES.badDigits },
                      ]}
                    >
                      <Input placeholder="位数" aria-label={`第${index + 1}条位数`} />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 0" style={{ minWidth: 0 }}>
                    <Form.Item
                      name={[field.name, 'pattern']}
                      style={{ marginBottom: 8 }}
                      rules={[
                        {
                          validator: async (_r, value: string | undefined) => {
                            const problem = checkPatternProblem(value ?? '');
                            if (problem) throw new Error(problem);
                          },
                        },
                      ]}
                    >
                      <Input
                        placeholder="正则表达式，如 [A-Z]{2}"
                        aria-label={`第${index + 1}条正则表达式`}
                        style={{ fontFamily: 'monospace' }}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="1 1 0" style={{ minWidth: 0 }}>
                    <Form.Item
                      name={[field.name, 'message']}
                      style={{ marginBottom: 8 }}
                      rules={[
                        { required: true, whitespace: true, message: CHECK_RULE_MESSAGES.messageRequired },
                        { max: 200, message: '最大长度200位字符' },
                      ]}
                    >
                      <Input placeholder="不通过时的提示信息" aria-label={`第${index + 1}条提示信息`} />
                    </Form.Item>
                  </Col>
                  <Col flex="32px">
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`删除第${index + 1}条规则`}
                      disabled={fields.length <= 1}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_ITEMS}
                // "*" must stay last: a new segment goes before it.
                onClick={() => add({ ...NEW_ITEM, digits: '' }, lastIsStar(items) ? fields.length - 1 : undefined)}
              >
                添加规则
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="试一试" extra="按上面尚未保存的规则校验，不会保存">
        <Input
          value={sample}
          onChange={(e) => setSample(e.target.value)}
          placeholder="输入一个值，即时查看校验结果"
          allowClear
          maxLength={1000}
        />
        {sampleResult && (
          <Alert
            style={{ marginTop: 8 }}
            type={sampleResult.ok ? 'success' : 'error'}
            showIcon
            title={sampleResult.text}
          />
        )}
      </Form.Item>
      <Form.Item label="描述" name="description" rules={[schemaRule(S.description)]}>
        <Input.TextArea rows={2} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
    </ModalForm>
  );
}
