import type { DepartOption } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { getCurrentUserDeparts } from '../../auth/api.ts';

const CATEGORY: Record<string, string> = { '1': '公司', '2': '部门', '3': '岗位' };

/** 我的部门: the departments the user belongs to in this tenant (read only; the header switches the current one). */
export function DepartList() {
  const departs = useQuery({ queryKey: ['account', 'departs'], queryFn: getCurrentUserDeparts });
  return (
    <Table<DepartOption>
      rowKey="id"
      size="middle"
      aria-label="我的部门"
      loading={departs.isLoading}
      dataSource={departs.data?.list ?? []}
      pagination={false}
      columns={[
        {
          title: '部门名称',
          dataIndex: 'departName',
          render: (name: string, row) => (
            <>
              {name} {row.orgCode === departs.data?.orgCode && <Tag color="blue">当前部门</Tag>}
            </>
          ),
        },
        { title: '部门编码', dataIndex: 'orgCode', width: 160 },
        { title: '类型', dataIndex: 'orgCategory', width: 100, render: (c: string) => CATEGORY[c] ?? c },
      ]}
    />
  );
}
