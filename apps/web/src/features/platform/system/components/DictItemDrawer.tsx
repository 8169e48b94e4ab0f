import type { DictDto, DictItemDto } from '@aps/shared';
import { DICT_ITEM_STATUS, DICT_MESSAGES, maxLengthMessage, PERMISSIONS } from '@aps/shared/constants';
import { App, Drawer, Form, Input, InputNumber, Radio, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { ModalForm, useFormDialog } from '../../../../shared/list/ModalForm.tsx';
import type { ListSort } from '../../../../shared/list/query.ts';
import { RowActions } from '../../../../shared/list/RowActions.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { useSystemMutation } from '../api.ts';
import { type DictItemFormValues, dictApi, dictKeys } from '../dict.api.ts';

const D = PERMISSIONS.dict;
/** Items read in their configured order unless a column header says otherwise. */
const ITEM_SORT: ListSort = { column: 'sortOrder', order: 'asc' };
const ITEM_STATUS_OPTIONS = [
  { value: DICT_ITEM_STATUS.enabled, label: '启用' },
  { value: DICT_ITEM_STATUS.disabled, label: '不启用' },
];

type ItemFormShape = Omit<DictItemFormValues, 'dictId' | 'id'>;

/** 字典配置: the items of one dictionary (名称/数据值/描述/排序/状态), paged on the server, with add/edit/delete. */
export function DictItemDrawer({ open, dict, onClose }: { open: boolean; dict: DictDto | null; onClose(): void }) {
  return (
    <Drawer
      open={open && dict !== null}
      title={
        <span>
          字典配置 - {dict?.dictName}
          <span style={{ marginInlineStart: 8, fontWeight: 'normal', color: 'rgba(0,0,0,0.45)' }}>
            {dict?.dictCode}
          </span>
        </span>
      }
      size={820}
      onClose={onClose}
      destroyOnHidden
    >
      {dict && <DictItemList dict={dict} />}
    </Drawer>
  );
}

function DictItemList({ dict }: { dict: DictDto }) {
  const { message } = App.useApp();
  const fixedFilters = useMemo(() => ({ dictId: dict.id }), [dict.id]);
  const table = useServerTable<DictItemDto>({
    queryKey: dictKeys.items,
    url: '/sys/dictItem/list',
    fixedFilters,
    defaultSort: ITEM_SORT,
  });
  const [itemText, setItemText] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const editor = useFormDialog<DictItemDto>();
  // Read when 新增 is clicked, so a refetch behind the open dialog does not reset its fields.
  const [nextSortOrder, setNextSortOrder] = useState(1);
  // Items change what the dictionary list shows (its item count).
  const remove = useSystemMutation(dictApi.removeItem, [dictKeys.dicts]);
  const removeBatch = useSystemMutation(dictApi.removeItems, [dictKeys.dicts]);

  const filter = (next: { itemText?: string; status?: number }) => {
    const merged = { itemText, status, ...next };
    setItemText(merged.itemText ?? '');
    setStatus(merged.status);
    table.search({ itemText: merged.itemText, status: merged.status });
  };

  const columns: TableColumnsType<DictItemDto> = [
    {
      title: '名称',
      dataIndex: 'itemText',
      width: 150,
      ellipsis: true,
      sorter: true,
      sortOrder: table.sortOrder('itemText'),
      render: (text: string, row) =>
        row.itemColor ? (
          <Tag color={row.itemColor} style={{ marginInlineEnd: 0 }}>
            {text}
          </Tag>
        ) : (
          text
        ),
    },
    {
      title: '数据值',
      dataIndex: 'itemValue',
      width: 120,
      ellipsis: true,
      sorter: true,
      sortOrder: table.sortOrder('itemValue'),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true },
    {
      title: '排序',
      dataIndex: 'sortOrder',
      width: 80,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('sortOrder'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      align: 'center',
      render: (v: number) =>
        v === DICT_ITEM_STATUS.enabled ? <Tag color="success">启用</Tag> : <Tag color="default">不启用</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, row) => (
        <RowActions
          onEdit={() => editor.show(row)}
          editCode={D.edit}
          onDelete={async () => {
            await remove.mutateAsync(row.id);
            message.success('删除成功!');
          }}
          deleteCode={D.edit}
        />
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        onAdd={() => {
          setNextSortOrder((table.query.data?.total ?? 0) + 1);
          editor.show(null);
        }}
        addCode={D.edit}
        selectedKeys={table.selectedRowKeys}
        onBatchDelete={async (keys) => {
          await removeBatch.mutateAsync(keys.map(String));
          table.setSelectedRowKeys([]);
          message.success('删除成功!');
        }}
        batchDeleteCode={D.edit}
        extra={
          <Space size={8}>
            <Select<number>
              aria-label="状态"
              placeholder="全部状态"
              allowClear
              style={{ width: 110 }}
              options={ITEM_STATUS_OPTIONS}
              value={status}
              onChange={(v) => filter({ status: v })}
            />
            <Input.Search
              allowClear
              placeholder="按名称筛选"
              style={{ width: 200 }}
              value={itemText}
              onChange={(e) => {
                setItemText(e.target.value);
                if (!e.target.value) filter({ itemText: '' });
              }}
              onSearch={(v) => filter({ itemText: v })}
            />
          </Space>
        }
      />
      <Table<DictItemDto> {...table.tableProps} size="small" columns={columns} />
      <DictItemFormModal
        open={editor.open}
        dict={dict}
        item={editor.record}
        nextSortOrder={nextSortOrder}
        onClose={editor.hide}
      />
    </>
  );
}

/** Add or edit an item: 名称 and 数据值 (unique in the dictionary), colour, description, order and status. */
function DictItemFormModal({
  open,
  dict,
  item,
  nextSortOrder,
  onClose,
}: {
  open: boolean;
  dict: DictDto;
  item: DictItemDto | null;
  nextSortOrder: number;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ItemFormShape>();
  const save = useSystemMutation(dictApi.saveItem, [dictKeys.dicts]);
  const initialValues = useMemo<Partial<ItemFormShape>>(
    () =>
      item
        ? {
            itemText: item.itemText,
            itemValue: item.itemValue,
            itemColor: item.itemColor,
            description: item.description,
            sortOrder: item.sortOrder,
            status: item.status === DICT_ITEM_STATUS.disabled ? DICT_ITEM_STATUS.disabled : DICT_ITEM_STATUS.enabled,
          }
        : { sortOrder: nextSortOrder, status: DICT_ITEM_STATUS.enabled },
    [item, nextSortOrder],
  );
  return (
    <ModalForm<ItemFormShape>
      name="dictItemForm"
      open={open}
      title={item ? '编辑' : '新增'}
      form={form}
      width={600}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: item?.id, dictId: dict.id });
        message.success(item ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item
        label="名称"
        name="itemText"
        rules={[
          { required: true, whitespace: true, message: DICT_MESSAGES.itemTextRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入名称" />
      </Form.Item>
      <Form.Item
        label="数据值"
        name="itemValue"
        rules={[
          { required: true, whitespace: true, message: DICT_MESSAGES.itemValueRequired },
          { max: 100, message: maxLengthMessage(100) },
        ]}
      >
        <Input placeholder="请输入数据值" />
      </Form.Item>
      <Form.Item
        label="颜色"
        name="itemColor"
        extra="标签颜色，如 blue、orange、red 或 #1677ff"
        rules={[{ max: 20, message: maxLengthMessage(20) }]}
      >
        <Input placeholder="请输入颜色" allowClear />
      </Form.Item>
      <Form.Item label="描述" name="description">
        <Input.TextArea rows={2} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
      <Form.Item label="排序" name="sortOrder" extra="值越小越靠前">
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Radio.Group options={ITEM_STATUS_OPTIONS} />
      </Form.Item>
    </ModalForm>
  );
}
