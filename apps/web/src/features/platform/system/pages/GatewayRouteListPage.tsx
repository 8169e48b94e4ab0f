import type { GatewayDefinition, GatewayRouteDto } from '@aps/shared';
import { App, Card, Form, Input, Select, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useCrudList, useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { GatewayRouteFormModal } from '../components/GatewayRouteFormModal.tsx';
import { gatewayApi } from '../org.api.ts';
import { type BinaryStatus, GATEWAY_STATUS, shortcutOf } from '../org.rules.ts';

const STATUS_OPTIONS = GATEWAY_STATUS.map(({ value, label }) => ({ value, label }));

interface GatewayFilters {
  routerId?: string;
  name?: string;
  status?: number;
}

/** Predicates or filters in Spring's shortcut notation, one tag each; the full JSON on hover. */
function Definitions({ list, color }: { list: GatewayDefinition[]; color?: string }) {
  if (!list.length) return <span style={{ color: 'rgba(0,0,0,0.25)' }}>-</span>;
  return (
    <Tooltip title={<pre style={{ margin: 0, fontSize: 12 }}>{JSON.stringify(list, null, 2)}</pre>}>
      <span>
        {list.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same definition may repeat
          <Tag key={i} color={color} bordered={false} style={{ marginBlock: 1 }}>
            {shortcutOf(d)}
          </Tag>
        ))}
      </span>
    </Tooltip>
  );
}

/** 网关路由 (system/GatewayRouteList): the gateway's route configuration, enable and disable. */
export default function GatewayRouteListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<GatewayFilters>();
  // Gateway routes hold only the two codes: every write is system:gateway:edit.
  const list = useCrudList(gatewayApi, {
    // Routes match in this order, so the list shows it (ties: the server's id order).
    defaultSort: { column: 'sortOrder', order: 'asc' },
    scrollX: 960,
  });
  const setStatus = useCrudMutation(gatewayApi, gatewayApi.setStatus);

  async function changeStatus(route: GatewayRouteDto, status: BinaryStatus) {
    await setStatus.mutateAsync({ route, status });
    message.success(status === 1 ? '启用成功!' : '停用成功!');
  }

  const columns: TableColumnsType<GatewayRouteDto> = [
    {
      title: '路由ID',
      dataIndex: 'routerId',
      width: 120,
      fixed: 'left',
      ...list.sortable('routerId'),
      ellipsis: true,
    },
    {
      title: '路由名称',
      dataIndex: 'name',
      width: 110,
      ...list.sortable('name'),
      ellipsis: true,
    },
    { title: '路由URI', dataIndex: 'uri', width: 140, ellipsis: true },
    {
      title: '断言',
      dataIndex: 'predicates',
      render: (v: GatewayDefinition[]) => <Definitions list={v} color="processing" />,
    },
    { title: '过滤器', dataIndex: 'filters', width: 110, render: (v: GatewayDefinition[]) => <Definitions list={v} /> },
    {
      title: '排序',
      dataIndex: 'sortOrder',
      width: 64,
      align: 'right',
      ...list.sortable('sortOrder'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 72,
      align: 'center',
      render: (v: number) => {
        const s = GATEWAY_STATUS.find((o) => o.value === v);
        return <Tag color={s?.color}>{s?.label ?? v}</Tag>;
      },
    },
    {
      title: '操作',
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <CrudRowActions
          list={list}
          row={row}
          more={[
            row.status === 1
              ? {
                  key: 'disable',
                  label: '停用',
                  code: list.codes.edit,
                  confirm: `确定停用路由 ${row.routerId} 吗?`,
                  onClick: () => changeStatus(row, 0),
                }
              : {
                  key: 'enable',
                  label: '启用',
                  code: list.codes.edit,
                  confirm: `确定启用路由 ${row.routerId} 吗?`,
                  onClick: () => changeStatus(row, 1),
                },
          ]}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<GatewayFilters> name="gatewaySearch" form={form} onSearch={list.search} onReset={list.reset}>
        <Form.Item label="路由ID" name="routerId">
          <Input placeholder="请输入路由ID" allowClear />
        </Form.Item>
        <Form.Item label="路由名称" name="name">
          <Input placeholder="请输入路由名称" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
      </SearchBar>
      <CrudToolbar list={list} exportName="网关路由.xlsx" />
      <Table<GatewayRouteDto> {...list.table.tableProps} columns={columns} />
      <GatewayRouteFormModal open={list.editor.open} route={list.editor.record} onClose={list.editor.hide} />
    </Card>
  );
}
