import { FILE_RECORD_KINDS, type FileRecordDto, PROCUREMENT_API } from '@aps/shared';
import { App, Button, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { SearchBar, useServerTable, warnFailure } from '../../../../shared/list/index.ts';
import { downloadStoredFile } from '../../../../shared/upload/api.ts';
import { procurementKeys } from '../../plan/api.ts';

interface Filters {
  packageName?: string;
  kind?: string;
}

/**
 * 采购文件记录 (§7): every file of the procurements in the user's scope, one row per file: notice attachments and,
 * after the opening only, the bidders' response files. Packages without a department are left out by the server.
 */
export default function FileRecordListPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const table = useServerTable<FileRecordDto>({
    queryKey: [...procurementKeys.packages, 'fileRecords'],
    url: PROCUREMENT_API.fileRecordList,
    defaultSort: null,
    scrollX: 1320,
  });
  const { rowSelection: _, ...tableProps } = table.tableProps;
  const columns: TableColumnsType<FileRecordDto> = [
    {
      title: '文件名称',
      dataIndex: 'fileName',
      width: 260,
      ellipsis: true,
      render: (name: string, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => downloadStoredFile(r.filePath, name).catch((e) => warnFailure(message, e, '下载失败'))}
        >
          {name}
        </Button>
      ),
    },
    {
      title: '文件类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: FileRecordDto['kind']) => <Tag color={k === 'bid' ? 'purple' : 'blue'}>{FILE_RECORD_KINDS[k]}</Tag>,
    },
    { title: '公告类型/供应商', dataIndex: 'source', width: 200, ellipsis: true },
    { title: '标包', key: 'package', width: 200, ellipsis: true, render: (_, r) => `${r.packageNo} ${r.packageName}` },
    { title: '项目', dataIndex: 'purchaseName', width: 180, ellipsis: true },
    { title: '部门编码', dataIndex: 'sysOrgCode', width: 120 },
    { title: '所属部门', dataIndex: 'departName', width: 160, ellipsis: true },
    { title: '上传时间', dataIndex: 'uploadTime', width: 170 },
  ];
  return (
    <Card variant="borderless" className="aps-list-page">
      <SearchBar<Filters> name="fileRecordSearch" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="标包名称" name="packageName">
          <Input placeholder="标包名称" allowClear />
        </Form.Item>
        <Form.Item label="文件类型" name="kind">
          <Select
            allowClear
            placeholder="请选择"
            options={Object.entries(FILE_RECORD_KINDS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </SearchBar>
      <Table<FileRecordDto> {...tableProps} columns={columns} />
    </Card>
  );
}
