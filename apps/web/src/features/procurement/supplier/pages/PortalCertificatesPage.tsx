import type { CertificateDto, SupplierFileDto } from '@aps/shared';
import { CERTIFICATE_STATES } from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Table, type TableColumnsType, Tag } from 'antd';
import { CrudRowActions } from '../../../../shared/list/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../shared/list/CrudToolbar.tsx';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudList } from '../../../../shared/list/useCrudList.ts';
import { DateItem } from '../components/DateItem.tsx';
import { FilesField } from '../components/FilesField.tsx';
import { type CertificateForm, certificateApi, standingKeys } from '../standing-api.ts';

const STATE_COLORS: Record<string, string> = { valid: 'green', expiring: 'orange', expired: 'red' };

/** 资质证书 (supplier/PortalCertificates, issue 16 §3): the supplier's own certificates and their expiry state. */
export default function PortalCertificatesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CertificateForm>();
  const list = useCrudList(certificateApi, { scrollX: 1000 });
  const record = list.editor.record;

  const columns: TableColumnsType<CertificateDto> = [
    { title: '证书名称', dataIndex: 'name', width: 200, fixed: 'left' },
    { title: '证书类型', dataIndex: 'kind', width: 120 },
    { title: '证书编号', dataIndex: 'number', width: 200 },
    { title: '发证机关', dataIndex: 'issuer', width: 200, render: (v: string | null) => v ?? '-' },
    { title: '有效期止', dataIndex: 'expiresOn', width: 110 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (v: CertificateDto['state']) => <Tag color={STATE_COLORS[v]}>{CERTIFICATE_STATES[v]}</Tag>,
    },
    { title: '附件', dataIndex: 'files', width: 80, render: (v: SupplierFileDto[]) => `${v.length}个` },
    {
      title: '操作',
      key: 'action',
      width: 120,
      fixed: 'right',
      render: (_, row) => <CrudRowActions list={list} row={row} />,
    },
  ];

  return (
    <Card variant="borderless" className="aps-list-page" title="资质证书">
      <CrudToolbar list={list} batchDelete={false} />
      <Table<CertificateDto> {...list.table.tableProps} columns={columns} />
      <ModalForm<CertificateForm>
        name="certificateForm"
        open={list.editor.open}
        title={record ? '编辑资质证书' : '新增资质证书'}
        form={form}
        initialValues={record ?? { files: [] }}
        onClose={list.editor.hide}
        onSubmit={async (v) => {
          await certificateApi.save({ ...v, id: record?.id ?? null });
          message.success(record ? '编辑成功!' : '添加成功！');
          await queryClient.invalidateQueries({ queryKey: standingKeys.certificates });
        }}
      >
        <Form.Item label="证书类型" name="kind" rules={[{ required: true, message: '请输入证书类型' }]}>
          <Input maxLength={50} placeholder="如：资质、安全生产许可、营业执照" />
        </Form.Item>
        <Form.Item label="证书名称" name="name" rules={[{ required: true, message: '请输入证书名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="证书编号" name="number" rules={[{ required: true, message: '请输入证书编号' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="发证机关" name="issuer">
          <Input maxLength={100} />
        </Form.Item>
        <DateItem label="有效期起" name="validFrom" />
        <DateItem label="有效期止" name="expiresOn" rules={[{ required: true, message: '请选择有效期止' }]} />
        <Form.Item label="证书文件" name="files">
          <FilesField biz="supplier" />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
