import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Card, Input, Spin, theme } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { HttpError } from '../../../../shared/http.ts';
import { PortalShell } from '../../public/PortalShell.tsx';
import { usePublicQaEntries } from '../api.ts';
import { QaCollapse } from '../components/QaCollapse.tsx';
import { filterEntries } from '../highlight.ts';

/** Public help page (/moreHelp, no login): the FAQ entries marked visible to suppliers (useType '1'). */
export default function MoreHelpPage() {
  const { token } = theme.useToken();
  const entries = usePublicQaEntries();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => filterEntries(entries.data ?? [], deferredQuery), [entries.data, deferredQuery]);

  return (
    <PortalShell>
      <div style={{ width: 960, maxWidth: '100%', margin: '0 auto', padding: '32px 24px' }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 6px', color: token.colorTextHeading }}>
          <QuestionCircleOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
          帮助中心
        </h1>
        <p style={{ margin: '0 0 20px', color: token.colorTextSecondary }}>
          供应商常见问题解答。未找到答案时，请登录后在“问题反馈”中留言。
        </p>
        <Card variant="borderless" styles={{ body: { padding: 20 } }}>
          <Input.Search
            allowClear
            placeholder="请输入问题或答案关键字"
            aria-label="搜索常见问题"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            style={{ maxWidth: 420, marginBottom: 16 }}
          />
          {entries.isError ? (
            <Alert
              type="warning"
              showIcon
              title={entries.error instanceof HttpError ? entries.error.message : '加载失败'}
            />
          ) : entries.isPending ? (
            <div style={{ textAlign: 'center', padding: 48 }}>
              <Spin />
            </div>
          ) : (
            <QaCollapse entries={shown} query={deferredQuery} />
          )}
        </Card>
      </div>
    </PortalShell>
  );
}
