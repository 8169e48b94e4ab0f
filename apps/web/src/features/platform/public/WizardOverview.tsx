import { Alert, Button, Space, Steps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The four steps of an account wizard (§1), with what the user needs to have at hand. */
export function WizardOverview({
  steps,
  notes,
  tip,
  actions,
}: {
  steps: { title: string; content: string }[];
  notes: string[];
  tip: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <Steps
        orientation="vertical"
        size="small"
        current={0}
        items={steps.map((s) => ({ title: s.title, content: s.content }))}
        style={{ marginBottom: 20 }}
      />
      <Alert type="info" showIcon title={tip} style={{ marginBottom: 16 }} />
      <ul style={{ margin: '0 0 24px', paddingLeft: 20, lineHeight: '26px', color: 'rgba(0,0,0,0.65)' }}>
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <Space wrap>
        {actions}
        <Link to="/user/login">
          <Button>返回登录</Button>
        </Link>
        <Link to="/moreHelp">
          <Button type="link">帮助中心</Button>
        </Link>
      </Space>
    </>
  );
}
