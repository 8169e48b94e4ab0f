import { SyncOutlined } from '@ant-design/icons';
import type { DictDto } from '@aps/shared';
import { App, Button, Card, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { refreshDictCache } from '../../auth/api.ts';
import { useSessionStore } from '../../auth/store.ts';
import { CACHE_MESSAGES } from '../../header/UserMenu.tsx';
import { DictFormModal } from '../components/DictFormModal.tsx';
import { DictItemDrawer } from '../components/DictItemDrawer.tsx';
import { dictApi } from '../dict.api.ts';

interface DictFilters {
  dictName?: string;
  dictCode?: string;
}

/** 数据字典 (system/DictList): the platform's dictionaries, each with its items in the 字典配置 drawer. */
export default function DictListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<DictFilters>();
  const list = useCrudList(dictApi, { scrollX: 900 });
  // The drawer keeps its dictionary while it slides out.
  const [itemsOf, setItemsOf] = useState<DictDto | null>(null);
  const [itemsOpen, setItemsOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const setDictItems = useSessionStore((s) => s.setDictItems);

  // §7: the server drops its cache, then this session reloads every item (kept 7 days).
  async function refreshCache() {
    setRefreshing(true);
    try {
      setDictItems(await refreshDictCache());
      message.success(CACHE_MESSAGES.done);
    } catch {
      message.error(CACHE_MESSAGES.failed);
    } finally {
      setRefreshing(false);
    }
  }

  const columns: TableColumnsType<DictDto> = [
    {
      title: '字典名称',
      dataIndex: 'dictName',
      width: 160,
      ellipsis: true,
      ...list.sortable('dictName'),
    },
    {
      title: '字典编码',
      dataIndex: 'dictCode',
      width: 160,
      ellipsis: true,
      ...list.sortable('dictCode'),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    { title: '字典项数', dataIndex: 'itemCount', width: 80, align: 'right' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      ...list.sortable('createTime'),
    },
    {
      title: '操作',
      key: 'action',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          extra={
            <Button
              type="link"
              size="small"
              onClick={() => {
                setItemsOf(row);
                setItemsOpen(true);
              }}
            >
              字典配置
            </Button>
          }
          deleteConfirm={row.itemCount > 0 ? `确定删除该字典及其 ${row.itemCount} 个字典项吗?` : '确定删除吗?'}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<DictFilters> name="dictSearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="字典名称" name="dictName">
          <Input placeholder="请输入字典名称" allowClear />
        </Form.Item>
        <Form.Item label="字典编码" name="dictCode">
          <Input placeholder="请输入字典编码" allowClear />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="数据字典.xlsx">
        {/* Needs only a login (GET /sys/dict/refleshCache), like the header's 刷新缓存. */}
        <Button icon={<SyncOutlined />} loading={refreshing} onClick={refreshCache}>
          刷新缓存
        </Button>
      </CrudToolbar>
      <Table<DictDto> {...list.table.tableProps} columns={columns} />
      <DictFormModal open={list.editor.open} dict={list.editor.record} onClose={list.editor.hide} />
      <DictItemDrawer open={itemsOpen} dict={itemsOf} onClose={() => setItemsOpen(false)} />
    </Card>
  );
}
