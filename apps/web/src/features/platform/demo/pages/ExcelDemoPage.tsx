import { ImportOutlined } from '@ant-design/icons';
import type { QaDto } from '@aps/shared';
import { DICT, PERMISSIONS, QA_API, QA_IMPORT_EXISTING, QA_USE_TYPE } from '@aps/shared/constants';
import { Alert, Button, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { usePermissionCheck } from '../../../../shared/auth/Can.tsx';
import { ImportModal } from '../../../../shared/excel/ImportModal.tsx';
import { downloadBlob } from '../../../../shared/list/download.ts';
import { ListToolbar } from '../../../../shared/list/ListToolbar.tsx';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { useServerTable } from '../../../../shared/list/useServerTable.ts';
import { QA_IMPORT_ACTION, QA_IMPORT_HINT, qaKeys } from '../../qa/api.ts';
import { textOf, useDict } from '../../system/dict.ts';

interface Filters {
  keyword?: string;
  useType?: string;
}

const YN = [
  { value: QA_USE_TYPE.supplier, text: '是' },
  { value: QA_USE_TYPE.hidden, text: '否' },
];

/**
 * 示例页面 › Excel导入导出 (demo/ExcelDemo): the Excel kit on a real list, the FAQ entries. The server-paged table
 * filters on the server; 导出 streams exactly the filtered list (the list's own query, sort included) and 导入 opens
 * the shared import modal (several .xls/.xlsx files, progress, 201 → error workbook).
 */
export default function ExcelDemoPage() {
  const can = usePermissionCheck();
  const [form] = Form.useForm<Filters>();
  const [importing, setImporting] = useState(false);
  const table = useServerTable<QaDto>({
    queryKey: [...qaKeys.all, 'demo'],
    url: `${QA_API}/list`,
    defaultSort: { column: 'displayOrder', order: 'asc' },
    scrollX: 900,
  });
  const qaTypes = useDict(DICT.qaType);
  const yn = useDict(DICT.yn, YN);
  const { pageNo: _pageNo, pageSize: _pageSize, ...exportQuery } = table.params;

  const columns: TableColumnsType<QaDto> = [
    { title: '问题描述', dataIndex: 'questionContent', width: 240, ellipsis: true },
    { title: '答案内容', dataIndex: 'answerContent', ellipsis: true },
    { title: '问题分类', dataIndex: 'qaType', width: 120, render: (v) => textOf(qaTypes, v) },
    {
      title: '供应商可见',
      dataIndex: 'useType',
      width: 110,
      align: 'center',
      render: (v: string) => <Tag color={v === QA_USE_TYPE.supplier ? 'processing' : 'default'}>{textOf(yn, v)}</Tag>,
    },
    {
      title: '排序',
      dataIndex: 'displayOrder',
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: table.sortOrder('displayOrder'),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true, sortOrder: table.sortOrder('createTime') },
  ];

  return (
    <Card variant="borderless">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Excel 导入导出示例"
        description="导出按当前查询条件与排序生成 .xlsx；导入支持 .xls、.xlsx 多个文件，每个文件独立事务，错误行可下载错误明细。"
      />
      <SearchBar<Filters> name="excelDemo" form={form} onSearch={table.search} onReset={table.reset}>
        <Form.Item label="关键字" name="keyword">
          <Input allowClear placeholder="问题或答案" />
        </Form.Item>
        <Form.Item label="供应商可见" name="useType">
          <Select allowClear placeholder="请选择" options={yn.map((o) => ({ value: o.value, label: o.text }))} />
        </Form.Item>
      </SearchBar>
      <ListToolbar onExport={() => downloadBlob(`${QA_API}/exportXls`, '问题答疑.xlsx', exportQuery)}>
        {can(PERMISSIONS.qa.edit) && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
        )}
      </ListToolbar>
      <Table<QaDto> {...table.tableProps} rowSelection={undefined} columns={columns} />
      <ImportModal
        open={importing}
        onClose={() => setImporting(false)}
        action={QA_IMPORT_ACTION}
        hint={QA_IMPORT_HINT}
        existingRows={QA_IMPORT_EXISTING}
        onImported={() => void table.refresh()}
      />
    </Card>
  );
}
