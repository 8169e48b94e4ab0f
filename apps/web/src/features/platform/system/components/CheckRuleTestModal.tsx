import type { CheckRuleDto } from '@aps/shared';
import { CHECK_RULE_MESSAGES } from '@aps/shared/constants';
import { Alert, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../../shared/list/download.ts';
import { checkRuleApi } from '../jobs.api.ts';

type Outcome = { ok: boolean; text: string };

/** 测试 of a saved check rule: the value goes through GET /sys/checkRule/checkByCode, as business forms send it. */
export function CheckRuleTestModal({ rule, onClose }: { rule: CheckRuleDto | null; onClose(): void }) {
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function check() {
    if (!rule) return;
    setChecking(true);
    try {
      await checkRuleApi.check(rule.ruleCode, value);
      // §5: an empty value is not checked, so it "passes".
      setOutcome({ ok: true, text: value ? CHECK_RULE_MESSAGES.passed : '空值不校验' });
    } catch (err) {
      // success false is the rule's answer; other failures (unknown code, network) read the same way here.
      setOutcome({ ok: false, text: errorText(err, '校验失败') });
    } finally {
      setChecking(false);
    }
  }

  return (
    <Modal
      open={rule !== null}
      title={`测试 - ${rule?.ruleName ?? ''}`}
      width={640}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
      afterClose={() => {
        setValue('');
        setOutcome(null);
      }}
    >
      {rule && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="规则编码">{rule.ruleCode}</Descriptions.Item>
          {rule.ruleJson.map((item, i) => (
            <Descriptions.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: segments have no id; their order is their identity
              key={i}
              label={`第${i + 1}段（${item.digits === '*' ? '其余全部' : `${item.digits}位`}）`}
            >
              <Typography.Text code>{item.pattern}</Typography.Text>
              <Typography.Text type="secondary">{item.message}</Typography.Text>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="校验值"
          placeholder="请输入要校验的值"
          value={value}
          maxLength={1000}
          onChange={(e) => {
            setValue(e.target.value);
            setOutcome(null);
          }}
          onPressEnter={check}
        />
        <Button type="primary" loading={checking} onClick={check}>
          校验
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert style={{ marginTop: 12 }} type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} />
      )}
    </Modal>
  );
}
