import { Card, Col, Form, Row, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { CronEditor } from '../../../../shared/cron/CronEditor.tsx';
import { CronInput } from '../../../../shared/cron/CronInput.tsx';
import { CronNextRuns } from '../../../../shared/cron/CronPreview.tsx';

/**
 * 示例页面 › Cron表达式 (demo/CronDemo): the cron editor as a form field (input + cron表达式 dialog, as the scheduled
 * jobs form uses it) and laid out on the page, with or without the year.
 */
export default function CronDemoPage() {
  const [form] = Form.useForm<{ cron: string }>();
  const cron = Form.useWatch('cron', form);
  const [hideYear, setHideYear] = useState(false);
  const [inline, setInline] = useState('0 0 9 ? * 1#1 *');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card variant="borderless" title="表单字段">
        <Typography.Paragraph type="secondary">
          输入框可直接填写 Quartz 表达式（秒 分 时 日 月 周 [年]），也可点击“cron编辑器”按标签页设置。
        </Typography.Paragraph>
        <Form form={form} name="cronDemo" layout="vertical" initialValues={{ cron: '0 0/5 * * * ? *' }}>
          <Form.Item
            label="cron表达式"
            name="cron"
            extra={<CronNextRuns expression={cron} />}
            style={{ maxWidth: 640 }}
          >
            <CronInput />
          </Form.Item>
        </Form>
      </Card>
      <Card
        variant="borderless"
        title="编辑器"
        extra={
          <Space>
            <span>隐藏年</span>
            <Switch aria-label="隐藏年" size="small" checked={hideYear} onChange={setHideYear} />
          </Space>
        }
      >
        <Row gutter={24}>
          <Col flex="0 1 800px" style={{ minWidth: 0 }}>
            {/* Remounted when the year is shown or hidden: the editor reads its value once. */}
            <CronEditor key={String(hideYear)} value={inline} hideYear={hideYear} onChange={setInline} />
          </Col>
        </Row>
      </Card>
    </Space>
  );
}
