import type { CategoryTreeNode, ExpertProfileDto } from '@aps/shared';
import { EXPERT_STATUS_NAMES, REVIEW_LIMITS } from '@aps/shared/constants';
import { App, Form, Input, Select, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type ExpertFormValues, expertApi, useCategoryTree, useExpertUsers } from '../api.ts';

export const STATUS_OPTIONS = Object.entries(EXPERT_STATUS_NAMES).map(([value, label]) => ({ value, label }));

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}
/** Category nodes by code: the pool stores codes (the draw compares them with the package's). */
export const toTree = (nodes: CategoryTreeNode[] = []): TreeNode[] =>
  nodes.map((n) => ({
    value: n.code,
    title: `${n.title ?? n.name}（${n.code}）`,
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

/** Add or edit an expert's profile: the user (expert-end, no profile yet), specialities, region, title, … */
export function ExpertFormDrawer({
  open,
  expert,
  onClose,
}: {
  open: boolean;
  expert: ExpertProfileDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExpertFormValues>();
  const save = useCrudMutation(expertApi, expertApi.save);
  const [keyword, setKeyword] = useState('');
  const users = useExpertUsers(keyword, open && !expert);
  const categories = useCategoryTree();
  const treeData = useMemo(() => toTree(categories.data), [categories.data]);
  const userOptions = expert
    ? [{ value: expert.userId, label: `${expert.realname}（${expert.username}）` }]
    : (users.data ?? []).map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }));
  const initialValues = useMemo<Partial<ExpertFormValues>>(
    () =>
      expert
        ? {
            userId: expert.userId,
            specialities: expert.specialities,
            region: expert.region,
            title: expert.title,
            employer: expert.employer,
            avoidCompanies: expert.avoidCompanies,
            status: expert.status,
            remarks: expert.remarks,
          }
        : { status: 'normal', avoidCompanies: [] },
    [expert],
  );
  return (
    <ModalForm<ExpertFormValues>
      name="expertForm"
      drawer
      open={open}
      title={expert ? '编辑专家' : '新增专家'}
      form={form}
      width={640}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        // The form has no field for supplier-id avoidances: an edit keeps the profile's own.
        await save.mutateAsync({ ...v, avoidSupplierIds: expert?.avoidSupplierIds ?? [], id: expert?.id });
        message.success(expert ? '编辑成功!' : '添加成功！');
      }}
    >
      <Form.Item label="专家用户" name="userId" rules={[{ required: true, message: '请选择专家用户' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          disabled={!!expert}
          placeholder="输入姓名或账号搜索专家端用户"
          loading={users.isFetching}
          options={userOptions}
          notFoundContent={users.isFetching ? '加载中…' : '没有可选的专家端用户'}
        />
      </Form.Item>
      <Form.Item label="专业" name="specialities" rules={[{ required: true, message: '请选择至少一个专业' }]}>
        <TreeSelect
          multiple
          treeData={treeData}
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="请选择专业分类"
          maxCount={REVIEW_LIMITS.specialities}
          loading={categories.isFetching}
        />
      </Form.Item>
      <Form.Item label="地区" name="region" rules={[{ max: 100, message: '地区最长100个字符' }]}>
        <Input placeholder="如 上海市" />
      </Form.Item>
      <Form.Item label="职称" name="title" rules={[{ max: 100, message: '职称最长100个字符' }]}>
        <Input placeholder="如 高级工程师" />
      </Form.Item>
      <Form.Item label="工作单位" name="employer" rules={[{ max: 200, message: '工作单位最长200个字符' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="回避单位" name="avoidCompanies" extra="输入单位名称后回车；抽取时回避这些单位参与投标的标包">
        <Select mode="tags" open={false} maxCount={REVIEW_LIMITS.avoidances} placeholder="输入单位名称后回车" />
      </Form.Item>
      <Form.Item label="状态" name="status" rules={[{ required: true, message: '请选择状态' }]}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item label="备注" name="remarks">
        <Input.TextArea rows={3} maxLength={REVIEW_LIMITS.remarks} />
      </Form.Item>
    </ModalForm>
  );
}
