import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { NoticeDto, SupplierNoticeDto } from '@aps/shared';
import {
  BID_STATUS_NAMES,
  NOTICE_STATUS_NAMES,
  NOTICE_TYPES,
  PAGE_SIZE_OPTIONS,
  PERMISSIONS,
  stageName,
} from '@aps/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Segmented, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../shared/list/download.ts';
import { useTableScroll } from '../../../../shared/stores/app.ts';
import { type PackageDetail, packageApi } from '../../package/api.ts';
import { NoticeEditorModal } from '../../package/components/NoticeEditorModal.tsx';
import { type NoticeListQuery, noticeKeys, useNoticeMutations, useStaffNotices, useSupplierNotices } from '../api.ts';
import { NoticeStartModal } from '../components/NoticeStartModal.tsx';
import { NoticeViewModal } from '../components/NoticeViewModal.tsx';

type NoticeType = keyof typeof NOTICE_TYPES;
const TYPES = Object.keys(NOTICE_TYPES) as NoticeType[];
type Row = NoticeDto & Partial<Pick<SupplierNoticeDto, 'signedUp' | 'bidStatus' | 'signUpEndTime' | 'bidDeadline'>>;

/**
 * 采购公告 (menu component purchaseannouncement/PurchaseAnnouncementTabs; the supplier's first menu, userEnd 3):
 * one tab per notice type, server-paged. Everyone reads the published notices (a supplier with their own sign-up
 * and bid state, 报名 and 投标 from the notice); staff holding purchase:notice:list switch to 公告管理 — the notices
 * of their data scope in every status — and with purchase:notice:edit add, edit, publish, revoke and delete them.
 */
export default function PurchaseAnnouncementTabsPage() {
  const { message } = App.useApp();
  const canManage = useCan(PERMISSIONS.purchaseNotice.list);
  const canEdit = useCan(PERMISSIONS.purchaseNotice.edit);
  const canSignUp = useCan(PERMISSIONS.supplierBid.signUp);
  const canBid = useCan(PERMISSIONS.supplierBid.bid);
  const canSeeBids = useCan(PERMISSIONS.purchasePackage.list);
  const scroll = useTableScroll();

  const [type, setType] = useState<NoticeType>('purchase');
  const [view, setView] = useState<'published' | 'manage'>('published');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [opened, setOpened] = useState<{ id: string; staff: boolean } | null>(null);
  const [starting, setStarting] = useState(false);
  const [editing, setEditing] = useState<{ pkg: PackageDetail; type: NoticeType } | null>(null);
  const client = useQueryClient();
  const manage = canManage && view === 'manage';

  const q: NoticeListQuery = { ...page, noticeType: type, title: title || undefined };
  const published = useSupplierNotices(q, !manage);
  const staff = useStaffNotices(q, manage);
  const list = manage ? staff : published;
  const { publish, revoke, remove } = useNoticeMutations();

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      if (done) message.success(done);
    } catch (err) {
      warnFailure(message, err, '操作失败');
    }
  };

  const columns: TableColumnsType<Row> = [
    {
      title: '公告标题',
      dataIndex: 'title',
      width: 300,
      ellipsis: true,
      render: (text: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened({ id: r.id, staff: manage })}>
          {text}
        </Button>
      ),
    },
    { title: '采购名称', dataIndex: 'purchaseName', ellipsis: true },
    { title: '标包', dataIndex: 'packageName', width: 160, ellipsis: true },
    { title: '阶段', dataIndex: 'purchaseStage', width: 110, render: (s: number) => stageName(s) },
    ...(manage
      ? [
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: NoticeDto['status']) => (
              <Tag color={s === '1' ? 'green' : s === '2' ? 'red' : 'default'}>{NOTICE_STATUS_NAMES[s]}</Tag>
            ),
          },
        ]
      : []),
    ...(!manage && canSignUp && type === 'purchase'
      ? [
          { title: '报名截止', dataIndex: 'signUpEndTime', width: 170 },
          {
            title: '我的状态',
            key: 'mine',
            width: 150,
            render: (_: unknown, r: Row) => (
              <Space size={4}>
                {r.signedUp ? <Tag color="green">已报名</Tag> : <Tag>未报名</Tag>}
                {r.bidStatus && <Tag color="blue">{BID_STATUS_NAMES[r.bidStatus]}</Tag>}
              </Space>
            ),
          },
        ]
      : []),
    { title: '发布时间', dataIndex: 'publishTime', width: 170, render: (t: string | null) => t ?? '—' },
    {
      title: '操作',
      key: 'action',
      width: manage ? 200 : 90,
      fixed: 'right',
      render: (_: unknown, r: Row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpened({ id: r.id, staff: manage })}>
            查看
          </Button>
          {manage && canEdit && r.status === '0' && (
            <>
              <Button
                type="link"
                size="small"
                onClick={() =>
                  act(
                    async () =>
                      setEditing({ pkg: await packageApi.queryById(r.packageId), type: r.noticeType as NoticeType }),
                    '',
                  )
                }
              >
                编辑
              </Button>
              <Popconfirm title="确定发布该公告吗？" onConfirm={() => act(() => publish.mutateAsync(r.id), '发布成功')}>
                <Button type="link" size="small">
                  发布
                </Button>
              </Popconfirm>
              <Popconfirm title="确定删除该公告吗？" onConfirm={() => act(() => remove.mutateAsync(r.id), '删除成功')}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
          {/* A 变更公告 whose time change took effect stays (the server refuses its revocation too). */}
          {manage && canEdit && r.status === '1' && !r.timetableChange?.length && (
            <Popconfirm title="确定撤销该公告吗？" onConfirm={() => act(() => revoke.mutateAsync(r.id), '撤销成功')}>
              <Button type="link" size="small" danger>
                撤销
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Tabs
        activeKey={type}
        onChange={(k) => {
          setType(k as NoticeType);
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        items={TYPES.map((t) => ({ key: t, label: NOTICE_TYPES[t] }))}
        tabBarExtraContent={
          canManage && (
            <Segmented
              value={view}
              onChange={(v) => {
                setView(v as 'published' | 'manage');
                setPage((p) => ({ ...p, pageNo: 1 }));
              }}
              options={[
                { value: 'published', label: '已发布' },
                { value: 'manage', label: '公告管理' },
              ]}
            />
          )
        }
      />
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          aria-label="公告标题"
          placeholder="请输入公告标题"
          allowClear
          enterButton={<SearchOutlined />}
          style={{ width: 280 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        {manage && canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)}>
            新增
          </Button>
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={(list.data?.records ?? []) as Row[]}
        loading={list.isFetching}
        // Every column keeps its width; a narrow window scrolls the table sideways instead of squeezing the title.
        scroll={{ x: scroll?.x ?? 1150 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      {opened && (
        <NoticeViewModal
          id={opened.id}
          staff={opened.staff}
          canSignUp={canSignUp}
          canBid={canBid}
          canSeeBids={canSeeBids}
          onClose={() => setOpened(null)}
        />
      )}
      <NoticeStartModal
        open={starting}
        defaultType={type}
        onClose={() => setStarting(false)}
        onPicked={(pkg, noticeType) => setEditing({ pkg, type: noticeType })}
      />
      {/* The notice editor of 选商准备 (one editor of notices); its writes refresh these lists too. */}
      <NoticeEditorModal
        pkg={editing?.pkg ?? null}
        noticeType={editing?.type}
        onClose={() => {
          setEditing(null);
          void client.invalidateQueries({ queryKey: noticeKeys.all });
        }}
      />
    </Card>
  );
}
