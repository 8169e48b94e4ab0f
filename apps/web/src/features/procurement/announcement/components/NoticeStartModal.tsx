import type { NoticeType } from '@aps/shared';
import { NOTICE_TYPES } from '@aps/shared/constants';
import { Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { type PackageDetail, packageApi } from '../../package/api.ts';
import { usePackageOptions } from '../api.ts';

interface Values {
  packageId: string;
  noticeType: NoticeType;
}

/** The package picker: packages of the user's data scope, searched by package or purchase name. */
function PackageSelect(props: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const options = usePackageOptions(keyword, true);
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={(options.data?.records ?? []).map((p) => ({
        value: p.id,
        label: `${p.purchaseName} / ${p.packageName}`,
      }))}
      loading={options.isFetching}
      placeholder="请选择标包（可按名称搜索）"
      aria-label="标包"
    />
  );
}

/**
 * 新增 in 公告管理: which package and which kind of notice. The notice itself is then written in the package's
 * notice editor (NoticeEditorModal of 选商准备), the one editor of notices.
 */
export function NoticeStartModal({
  open,
  defaultType,
  onClose,
  onPicked,
}: {
  open: boolean;
  defaultType: NoticeType;
  onClose: () => void;
  onPicked: (pkg: PackageDetail, type: NoticeType) => void;
}) {
  const [form] = Form.useForm<Values>();
  const initialValues = useMemo(() => ({ noticeType: defaultType }), [defaultType]);
  return (
    <ModalForm<Values>
      name="noticeStart"
      open={open}
      title="新增公告"
      form={form}
      width={640}
      initialValues={initialValues}
      okText="下一步"
      onClose={onClose}
      onSubmit={async (v) => onPicked(await packageApi.queryById(v.packageId), v.noticeType)}
    >
      <Form.Item label="标包" name="packageId" rules={[{ required: true, message: '请选择标包' }]}>
        <PackageSelect />
      </Form.Item>
      <Form.Item label="公告类型" name="noticeType" rules={[{ required: true, message: '请选择公告类型' }]}>
        <Select options={Object.entries(NOTICE_TYPES).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
    </ModalForm>
  );
}
