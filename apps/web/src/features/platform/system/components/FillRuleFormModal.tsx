import { type FillRuleDto, fillRuleAddSchema } from '@aps/shared';
import { FILL_RULE_MESSAGES, FILL_RULE_RESET_LABELS, parseFillPattern, renderFillPattern } from '@aps/shared/constants';
import { App, Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type FillRuleFormValues, fillRuleApi } from '../jobs.api.ts';
import { schemaRule } from '../schemaRule.ts';

const F = fillRuleAddSchema.shape;
export const RESET_OPTIONS = Object.entries(FILL_RULE_RESET_LABELS).map(([value, label]) => ({ value, label }));
/** The org code the server's 示例 uses too. */
const EXAMPLE_ORG_CODE = 'A01';

/** What the pattern gives for sequence 1 now, or null while it is not a valid pattern. */
function exampleOf(pattern: string | undefined): string | null {
  const tokens = parseFillPattern((pattern ?? '').trim());
  return tokens ? renderFillPattern(tokens, new Date(), 1, EXAMPLE_ORG_CODE) : null;
}

/** Add or edit a fill rule: code, name, the pattern (checked and previewed as typed) and when the number restarts. */
export function FillRuleFormModal({
  open,
  rule,
  onClose,
}: {
  open: boolean;
  rule: FillRuleDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FillRuleFormValues>();
  const pattern = Form.useWatch('pattern', form);
  const save = useCrudMutation(fillRuleApi, fillRuleApi.save);
  const initialValues = useMemo<Partial<FillRuleFormValues>>(
    () =>
      rule
        ? {
            ruleCode: rule.ruleCode,
            ruleName: rule.ruleName,
            pattern: rule.pattern,
            resetPeriod: rule.resetPeriod,
            description: rule.description,
          }
        : { resetPeriod: 'daily' },
    [rule],
  );
  const example = exampleOf(pattern);

  return (
    <ModalForm<FillRuleFormValues>
      name="fillRuleForm"
      open={open}
      title={rule ? '编辑' : '新增'}
      form={form}
      width={720}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        try {
          await save.mutateAsync({ ...v, id: rule?.id });
        } catch (err) {
          // A taken code is also marked on its field.
          if (err instanceof HttpError && err.message === FILL_RULE_MESSAGES.codeTaken) {
            form.setFields([{ name: 'ruleCode', errors: [err.message] }]);
          }
          throw err;
        }
        message.success(rule ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item label="规则名称" name="ruleName" required rules={[schemaRule(F.ruleName)]}>
        <Input placeholder="请输入规则名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="规则编码"
        name="ruleCode"
        required
        rules={[schemaRule(F.ruleCode)]}
        extra={rule ? '业务按编码取号，编码保存后不可修改' : undefined}
      >
        <Input placeholder="请输入规则编码，如 purchase_code" maxLength={64} disabled={Boolean(rule)} />
      </Form.Item>
      <Form.Item
        label="规则表达式"
        name="pattern"
        required
        validateFirst
        rules={[schemaRule(F.pattern)]}
        extra={
          <div style={{ lineHeight: '22px' }}>
            <div>
              占位符：<Typography.Text code>{`\${seq:4}`}</Typography.Text>流水号（必填一个，1到12位）、
              <Typography.Text code>{`\${yyyyMMdd}`}</Typography.Text>日期、
              <Typography.Text code>{`\${orgCode}`}</Typography.Text>机构编码
            </div>
            {example !== null && (
              <div>
                示例：<Typography.Text strong>{example}</Typography.Text>
              </div>
            )}
          </div>
        }
      >
        <Input placeholder="如 CG-${yyyyMMdd}-${seq:4}" maxLength={100} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
      <Form.Item label="重置周期" name="resetPeriod" rules={[schemaRule(F.resetPeriod)]}>
        <Select options={RESET_OPTIONS} />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={[schemaRule(F.description)]}>
        <Input.TextArea rows={3} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
    </ModalForm>
  );
}
