import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Input, Spin, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { HttpError } from '../../../shared/http.ts';
import { useQaEntries } from '../qa/api.ts';
import { QaCollapse } from '../qa/components/QaCollapse.tsx';
import { filterEntries } from '../qa/highlight.ts';

/** §2 problem-feedback drawer: the common questions (the FAQ list), searchable, and the way to more help. */
export function FeedbackDrawer({ isMobile }: { isMobile: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="问题反馈">
        <button type="button" className="aps-header-action" aria-label="问题反馈" onClick={() => setOpen(true)}>
          <QuestionCircleOutlined />
        </button>
      </Tooltip>
      <Drawer
        title="问题反馈"
        open={open}
        onClose={() => setOpen(false)}
        size={isMobile ? '100%' : 520}
        destroyOnHidden
        extra={
          <Button type="link" href="/moreHelp" target="_blank" rel="noopener">
            更多帮助
          </Button>
        }
      >
        {open && <CommonQuestions />}
      </Drawer>
    </>
  );
}

function CommonQuestions() {
  const entries = useQaEntries();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterEntries(entries.data ?? [], query), [entries.data, query]);
  if (entries.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title={entries.error instanceof HttpError ? entries.error.message : '常见问题加载失败'}
        description={
          <a href="/moreHelp" target="_blank" rel="noopener">
            前往帮助中心
          </a>
        }
      />
    );
  }
  return (
    <>
      <p style={{ marginTop: 0, color: 'rgba(0,0,0,0.45)' }}>常见问题</p>
      <Input.Search
        allowClear
        placeholder="请输入搜索内容"
        aria-label="搜索常见问题"
        onSearch={setQuery}
        onChange={(e) => setQuery(e.target.value)}
        style={{ marginBottom: 16 }}
      />
      <Spin spinning={entries.isPending}>
        <QaCollapse entries={shown} query={query} />
      </Spin>
    </>
  );
}
