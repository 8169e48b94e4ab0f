import type { SupplierDetailDto } from '@aps/shared';
import {
  BLACKLIST_STATES,
  CERTIFICATE_STATES,
  SUPPLIER_STATUS_LABELS,
  type SupplierStatus,
} from '@aps/shared/constants';
import { Descriptions, Drawer, Empty, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useSupplierDetail } from '../api.ts';

const statusText = (s: string | null) => (s ? (SUPPLIER_STATUS_LABELS[s as SupplierStatus] ?? s) : '—');
const STATUS_COLORS: Record<string, string> = {
  '1': 'gold',
  '2': 'blue',
  '3': 'green',
  '4': 'orange',
  '5': 'red',
  '6': 'default',
};

export function SupplierStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLORS[status]}>{statusText(status)}</Tag>;
}

function Profile({ s }: { s: SupplierDetailDto }) {
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="企业名称" span={2}>
        {s.name}
      </Descriptions.Item>
      <Descriptions.Item label="统一社会信用代码">{s.creditCode}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <SupplierStatusTag status={s.status} />
      </Descriptions.Item>
      <Descriptions.Item label="法定代表人">{s.legalRepresentative ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="联系人">{s.contactName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="联系电话">{s.contactPhone ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="电子邮箱">{s.contactEmail ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="地址" span={2}>
        {s.address ?? '-'}
      </Descriptions.Item>
      <Descriptions.Item label="供应品类" span={2}>
        <Space size={[0, 4]} wrap>
          {s.categoryNames.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="开户银行">{s.bankName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="银行账号">{s.bankAccount ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="注册时间">{s.registerTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="准入时间">{s.admittedTime ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="账号" span={2}>
        {s.users.map((u) => `${u.realname}（${u.username}）`).join('、') || '-'}
      </Descriptions.Item>
      {s.suspendedReason && (
        <Descriptions.Item label="暂停原因" span={2}>
          {s.suspendedReason}
        </Descriptions.Item>
      )}
      {s.standing && (
        <Descriptions.Item label="备注" span={2}>
          {s.standing}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** 供应商名录 detail: profile, certificates, status history, blacklist history. */
export function SupplierDetailDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const detail = useSupplierDetail(id);
  const s = detail.data;
  return (
    <Drawer open={Boolean(id)} onClose={onClose} width={820} title={s ? s.name : '供应商详情'} destroyOnHidden>
      {!s ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            { key: 'profile', label: '基本信息', children: <Profile s={s} /> },
            {
              key: 'certificates',
              label: `资质证书（${s.certificates.length}）`,
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={s.certificates}
                  columns={[
                    { title: '类型', dataIndex: 'kind' },
                    { title: '名称', dataIndex: 'name' },
                    { title: '编号', dataIndex: 'number' },
                    { title: '发证机关', dataIndex: 'issuer' },
                    { title: '有效期止', dataIndex: 'expiresOn' },
                    {
                      title: '状态',
                      dataIndex: 'state',
                      render: (v: keyof typeof CERTIFICATE_STATES) => CERTIFICATE_STATES[v],
                    },
                    { title: '文件', dataIndex: 'files', render: (f: unknown[]) => `${f.length} 个` },
                  ]}
                />
              ),
            },
            {
              key: 'history',
              label: '状态历史',
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={s.history}
                  columns={[
                    { title: '时间', dataIndex: 'createTime', width: 170 },
                    { title: '原状态', dataIndex: 'fromStatus', width: 90, render: statusText },
                    { title: '新状态', dataIndex: 'toStatus', width: 90, render: statusText },
                    { title: '原因', dataIndex: 'reason' },
                    { title: '操作人', dataIndex: 'actor', width: 100 },
                  ]}
                />
              ),
            },
            {
              key: 'blacklist',
              label: '黑名单记录',
              children: s.blacklists.length ? (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={s.blacklists}
                  columns={[
                    { title: '原因', dataIndex: 'reason' },
                    { title: '开始', dataIndex: 'startDate', width: 110 },
                    { title: '截止', dataIndex: 'endDate', width: 110, render: (v: string | null) => v ?? '永久' },
                    {
                      title: '状态',
                      dataIndex: 'state',
                      width: 90,
                      render: (v: keyof typeof BLACKLIST_STATES) => BLACKLIST_STATES[v],
                    },
                  ]}
                />
              ) : (
                <Empty description="无黑名单记录" />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
