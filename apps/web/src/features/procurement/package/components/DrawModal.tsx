import {
  COMMITTEE_STAGES,
  COMMITTEE_STATES,
  type DrawRequest,
  MEMBER_KINDS,
  MEMBER_STATES,
  type MemberState,
  type PackageDto,
  PERMISSIONS,
  REVIEW_API,
  type ReviewDrawDto,
  type ReviewMemberDto,
} from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, InputNumber, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useCan } from '../../../../shared/auth/Can.tsx';
import { http } from '../../../../shared/http.ts';
import { useInvalidatingMutation, warnFailure } from '../../../../shared/list/index.ts';
import { UserPicker } from '../../../../shared/pickers/UserPicker.tsx';
import { procurementKeys } from '../../plan/api.ts';

const committeeKey = (packageId: string) => [...procurementKeys.packages, 'committee', packageId] as const;

export const drawApi = {
  committee: (packageId: string) => http.get<ReviewDrawDto | null>(REVIEW_API.committee, { packageId }),
  draw: (body: Partial<DrawRequest> & { packageId: string }) => http.post<ReviewDrawDto>(REVIEW_API.draw, body),
  replace: (memberId: string) => http.post<ReviewDrawDto>(REVIEW_API.drawReplace, { memberId }),
};

const STATE_COLORS: Partial<Record<MemberState, string>> = {
  drawn: 'blue',
  signed_in: 'green',
  avoided: 'orange',
  declined: 'red',
  replaced: 'default',
};

interface DrawForm {
  size?: number;
  purchaserRepUserId?: string;
}

/**
 * 专家抽取 (issue 15 §2): before the draw, the committee size (the package's 专家人数 by default) and an optional
 * 采购人代表; after it, the committee with member states, the experts the draw left out and why, the seed for
 * the audit, and 补抽 for a member who avoided or declined.
 */
export function DrawModal({ pkg, onClose }: { pkg: PackageDto | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DrawForm>();
  const canDraw = useCan(PERMISSIONS.reviewDraw.draw);
  const canReplace = useCan(PERMISSIONS.reviewDraw.replace);
  const packageId = pkg?.id ?? '';
  const committee = useQuery({
    queryKey: committeeKey(packageId),
    queryFn: () => drawApi.committee(packageId),
    enabled: !!pkg,
  });
  const keys = [committeeKey(packageId), procurementKeys.packages];
  const draw = useInvalidatingMutation(drawApi.draw, keys);
  const replace = useInvalidatingMutation(drawApi.replace, keys);
  const data = committee.data ?? null;
  const drawable = !!pkg && COMMITTEE_STAGES.drawn.includes(pkg.purchaseStage) && pkg.status === 'active';

  const onDraw = async () => {
    if (!pkg) return;
    const v = await form.validateFields();
    try {
      await draw.mutateAsync({
        packageId: pkg.id,
        ...(v.size ? { size: v.size } : {}),
        ...(v.purchaserRepUserId ? { purchaserRepUserId: v.purchaserRepUserId } : {}),
      });
      message.success('抽取成功!');
    } catch (err) {
      warnFailure(message, err, '抽取失败');
    }
  };

  const memberColumns = [
    { title: '抽取序号', dataIndex: 'drawSequence', width: 90, render: (v: number | null) => v ?? '—' },
    { title: '姓名', dataIndex: 'realname', width: 140 },
    { title: '身份', dataIndex: 'kind', width: 110, render: (v: ReviewMemberDto['kind']) => MEMBER_KINDS[v] },
    {
      title: '状态',
      dataIndex: 'state',
      width: 110,
      render: (v: MemberState) => <Tag color={STATE_COLORS[v]}>{MEMBER_STATES[v]}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      render: (_: unknown, m: ReviewMemberDto) =>
        canReplace && drawable && (m.state === 'avoided' || m.state === 'declined') ? (
          <Popconfirm
            title="确定补抽一名专家替换该成员吗?"
            onConfirm={async () => {
              try {
                await replace.mutateAsync(m.id);
                message.success('补抽成功!');
              } catch (err) {
                warnFailure(message, err, '补抽失败');
              }
            }}
          >
            <Button type="link" size="small">
              补抽
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Modal
      open={!!pkg}
      title={`专家抽取：${pkg?.packageName ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={860}
      destroyOnHidden
    >
      {committee.isLoading ? null : data ? (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="评审委员会人数">{data.committee.size}</Descriptions.Item>
            <Descriptions.Item label="评审状态">{COMMITTEE_STATES[data.committee.state]}</Descriptions.Item>
            <Descriptions.Item label="抽取时间">
              {data.committee.drawnAt.replace('T', ' ').slice(0, 19)}
            </Descriptions.Item>
            <Descriptions.Item label="抽取人">{data.committee.drawnBy}</Descriptions.Item>
            <Descriptions.Item label="抽取种子" span={2}>
              <Typography.Text code copyable>
                {data.committee.drawSeed}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>评审委员会</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={memberColumns}
            dataSource={data.committee.members}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            未参与抽取的专家
          </Typography.Title>
          <Table
            rowKey="expertId"
            size="small"
            pagination={false}
            locale={{ emptyText: '无' }}
            columns={[
              { title: '姓名', dataIndex: 'realname', width: 140 },
              { title: '原因', dataIndex: 'reason' },
            ]}
            dataSource={data.excluded}
          />
        </>
      ) : drawable && canDraw ? (
        <Form
          form={form}
          layout="vertical"
          name="expertDraw"
          initialValues={{ size: pkg?.expertCount ?? undefined }}
          onFinish={onDraw}
        >
          <Form.Item
            label="评审委员会人数"
            name="size"
            extra="单数；公开招标、邀请招标不少于5人，其他方式不少于3人"
            rules={[{ required: true, message: '请填写评审委员会人数' }]}
          >
            <InputNumber min={1} max={49} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="采购人代表" name="purchaserRepUserId" extra="可选，须为本单位拥有评审任务权限的员工">
            <UserPicker valueKey="id" multiple={false} placeholder="请选择采购人代表" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={draw.isPending}>
            抽取专家
          </Button>
        </Form>
      ) : (
        <Empty description="该标包尚未抽取评审专家" />
      )}
    </Modal>
  );
}
