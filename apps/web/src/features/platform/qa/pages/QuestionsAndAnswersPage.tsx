import { DeleteOutlined, DownloadOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import type { QaDto } from '@aps/shared';
import {
  QA_IMPORT_EXISTING,
  QA_MESSAGES,
  QA_SUPER_QUERY_FIELDS,
  SUPER_QUERY_LISTS,
  UPLOAD_MESSAGES,
} from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Spin } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { ImportModal } from '../../../../shared/excel/ImportModal.tsx';
import { HttpError } from '../../../../shared/http.ts';
import { type ActiveSuperQuery, SuperQuery } from '../../../../shared/superQuery/index.ts';
import { exportQa, QA_IMPORT_ACTION, QA_IMPORT_HINT, qaKeys, useDeleteQa, useQaEntries } from '../api.ts';
import { QaCollapse } from '../components/QaCollapse.tsx';
import { QaFormModal } from '../components/QaFormModal.tsx';
import { filterEntries } from '../highlight.ts';
import { useCanEditQa } from '../useCanEditQa.ts';

/**
 * The FAQ page (§2): a search box filters the loaded entries by question and answer with matches highlighted;
 * panels sorted by displayOrder ascending; add, edit (modal 编辑) and delete (确定删除吗?) only with qa:edit (§6);
 * export for every reader, import with qa:edit. The list panel is 960 wide.
 */
export default function QuestionsAndAnswersPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useCanEditQa();
  const [superQuery, setSuperQuery] = useState<ActiveSuperQuery | null>(null);
  const entries = useQaEntries(superQuery);
  const remove = useDeleteQa();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<{ entry: QaDto | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const shown = useMemo(() => filterEntries(entries.data ?? [], deferredQuery), [entries.data, deferredQuery]);

  async function onDelete(entry: QaDto) {
    try {
      await remove.mutateAsync(entry.id);
      message.success('删除成功!');
    } catch (err) {
      message.warning(err instanceof HttpError ? err.message : '删除失败');
    }
  }

  async function onExport() {
    setExporting(true);
    try {
      await exportQa(deferredQuery.trim(), superQuery);
    } catch (err) {
      message.warning(err instanceof HttpError ? err.message : UPLOAD_MESSAGES.downloadFailed);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card
      variant="borderless"
      style={{ width: 960, maxWidth: '100%', margin: '0 auto' }}
      styles={{ body: { padding: 20 } }}
    >
      <div style={{ display: 'flex', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
        <Input.Search
          allowClear
          placeholder="请输入问题或答案关键字"
          aria-label="搜索问题或答案"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ flex: '1 1 320px', maxWidth: 420 }}
        />
        <Space wrap style={{ marginLeft: 'auto' }}>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ entry: null })}>
              新增
            </Button>
          )}
          {canEdit && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
              导入
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
            导出
          </Button>
          <SuperQuery
            listKey={SUPER_QUERY_LISTS.qa}
            fields={QA_SUPER_QUERY_FIELDS}
            value={superQuery}
            onSearch={setSuperQuery}
          />
        </Space>
      </div>

      {entries.isError ? (
        <Alert
          type="warning"
          showIcon
          title={entries.error instanceof HttpError ? entries.error.message : '加载失败'}
          action={
            <Button size="small" onClick={() => entries.refetch()}>
              重试
            </Button>
          }
        />
      ) : entries.isPending ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <QaCollapse
          entries={shown}
          query={deferredQuery}
          extra={
            canEdit
              ? (entry) => (
                  <Space size={4}>
                    <Button
                      type="link"
                      size="small"
                      icon={<EditOutlined />}
                      onClick={() => setEditing({ entry })}
                      aria-label={`编辑 ${entry.questionContent}`}
                    >
                      编辑
                    </Button>
                    <Popconfirm
                      title={QA_MESSAGES.deleteConfirm}
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() => onDelete(entry)}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`删除 ${entry.questionContent}`}
                      >
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                )
              : undefined
          }
        />
      )}

      <QaFormModal open={editing !== null} entry={editing?.entry ?? null} onClose={() => setEditing(null)} />
      {canEdit && (
        <ImportModal
          open={importing}
          onClose={() => setImporting(false)}
          action={QA_IMPORT_ACTION}
          hint={QA_IMPORT_HINT}
          existingRows={QA_IMPORT_EXISTING}
          onImported={() => client.invalidateQueries({ queryKey: qaKeys.all })}
        />
      )}
    </Card>
  );
}
