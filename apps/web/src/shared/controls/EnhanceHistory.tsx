import { HistoryOutlined } from '@ant-design/icons';
import { ENHANCE_HISTORY_LIMIT, formatDateTime } from '@aps/shared/constants';
import { Badge, Button, Empty, List, Popconfirm, Popover, Typography } from 'antd';
import { useState } from 'react';
import { type EnhanceEntry, useEnhanceHistory } from '../stores/enhanceHistory.ts';

const NONE: EnhanceEntry[] = [];

/** The first non-empty line of a script, for the list. */
const preview = (text: string) => text.split('\n').find((l) => l.trim()) ?? '';

/**
 * 历史记录 of an enhance script (§4): the last 16 saves of `code`, newest first; 恢复 hands an entry's text back to
 * the editor. Saves are recorded by the page (`useEnhanceHistory.getState().record(code, text)`).
 */
export function EnhanceHistory({ code, onRestore }: { code: string; onRestore: (text: string) => void }) {
  const entries = useEnhanceHistory((s) => s.byCode[code.trim()] ?? NONE);
  const clear = useEnhanceHistory((s) => s.clear);
  const [open, setOpen] = useState(false);
  const content = entries.length ? (
    <List
      size="small"
      style={{ width: 420, maxHeight: 360, overflow: 'auto' }}
      aria-label="增强历史记录"
      dataSource={entries}
      renderItem={(entry, index) => (
        <List.Item
          key={entry.savedAt}
          actions={[
            <Button
              key="restore"
              type="link"
              size="small"
              onClick={() => {
                onRestore(entry.text);
                setOpen(false);
              }}
            >
              恢复
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={`${index === 0 ? '最新 · ' : ''}${formatDateTime(new Date(entry.savedAt))}`}
            description={
              <Typography.Text code ellipsis style={{ maxWidth: 300 }}>
                {preview(entry.text)}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无历史记录" />
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      title={
        <span>
          历史记录（最多保留{ENHANCE_HISTORY_LIMIT}条）
          {entries.length > 0 && (
            <Popconfirm title="确定清空历史记录吗?" onConfirm={() => clear(code)}>
              <Button type="link" size="small">
                清空
              </Button>
            </Popconfirm>
          )}
        </span>
      }
      content={content}
    >
      <Badge count={entries.length} size="small" color="blue">
        <Button icon={<HistoryOutlined />} disabled={!code.trim()}>
          历史记录
        </Button>
      </Badge>
    </Popover>
  );
}
