import type { DepartTreeNode, UserListRow } from '@aps/shared';
import { checkedCountError, DICT, PURCHASE_STAGE_REPORT } from '@aps/shared/constants';
import { App, Button, Card, Col, Descriptions, Divider, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import {
  CODE_MODE_NAMES,
  CODE_MODES,
  CodeEditor,
  type CodeMode,
  DictCheckbox,
  DictRadio,
  DictSearchSelect,
  DictSelect,
  DragVerify,
  ElapsedTime,
  Ellipsis,
  EnhanceHistory,
  Money,
  YnSwitch,
} from '../../../../shared/controls/index.ts';
import {
  BizSelect,
  CategorySelect,
  type CheckMode,
  CompanySelect,
  DepartSelect,
  RegionPicker,
  UserPicker,
} from '../../../../shared/pickers/index.ts';
import { useEnhanceHistory } from '../../../../shared/stores/enhanceHistory.ts';
import { ReportPopupField } from '../../report/components/ReportPopupField.tsx';

/** The current value of a demo control, labelled so that a reader (and the e2e suite) can find it. */
function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      <Typography.Text code aria-label={label}>
        {children === '' || children == null ? '（空）' : children}
      </Typography.Text>
    </div>
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Col xs={24} xl={12}>
      <Card title={title} extra={extra} style={{ height: '100%' }} role="region" aria-label={title}>
        {children}
      </Card>
    </Col>
  );
}

const SAMPLE_CODE = `function greet(name) {
  return \`你好，\${name}\`;
}
`;
const TEXT = '全流程数字化采购平台：采购计划、公告、选商、评审、合同、结算与监督的一体化管理';

/** 选择组件 (demo/PickerDemo): every picker and small control of the component kit, with its current value. */
/** What the popup demo's form holds: the picked purchase's code, name and unit. */
interface PurchasePick {
  purchaseCode?: string;
  purchaseName?: string;
  departName?: string;
}

/**
 * Popup fields (§5) on the seeded report 采购记录阶段报表: one pick fills three form fields; several rows give
 * comma-joined values; a wrong configuration says so when opened.
 */
function ReportPopupDemo() {
  const [form] = Form.useForm<PurchasePick>();
  const picked = Form.useWatch([], form);
  const [codes, setCodes] = useState('');
  return (
    <Section title="弹窗选择">
      <Form form={form} layout="vertical" name="popupDemo">
        <Form.Item name="purchaseCode" label="采购编号">
          <ReportPopupField
            code={PURCHASE_STAGE_REPORT}
            orgFields="purchase_code,purchase_name,depart_name"
            destFields="purchaseCode,purchaseName,departName"
            title="选择采购记录"
            onPick={(values) => form.setFieldsValue(values)}
          />
        </Form.Item>
        <Form.Item name="purchaseName" label="采购名称">
          <Input readOnly placeholder="选择采购编号后带出" />
        </Form.Item>
        <Form.Item name="departName" label="所属单位">
          <Input readOnly placeholder="选择采购编号后带出" />
        </Form.Item>
      </Form>
      <Value label="表单值">{picked?.purchaseCode ? JSON.stringify(picked) : ''}</Value>
      <Divider titlePlacement="start" plain>
        多选
      </Divider>
      <ReportPopupField
        code={PURCHASE_STAGE_REPORT}
        orgFields="purchase_code"
        destFields="codes"
        multiple
        value={codes}
        onChange={setCodes}
      />
      <Value label="多选采购编号">{codes}</Value>
      <Divider titlePlacement="start" plain>
        配置错误（原始值两个、目标值一个）
      </Divider>
      <ReportPopupField code={PURCHASE_STAGE_REPORT} orgFields="purchase_code,purchase_name" destFields="code" />
    </Section>
  );
}

export default function PickerDemoPage() {
  const [users, setUsers] = useState('');
  const [userRows, setUserRows] = useState<UserListRow[]>([]);
  const [single, setSingle] = useState('buyer01');
  const [departs, setDeparts] = useState<Record<CheckMode, { value: string; rows: DepartTreeNode[] }>>({
    linked: { value: '', rows: [] },
    unlinked: { value: '', rows: [] },
  });
  const [company, setCompany] = useState('');
  const [biz, setBiz] = useState('');
  const [region, setRegion] = useState<{ code?: string; names: string[] }>({ names: [] });
  const [region2, setRegion2] = useState<string | undefined>('330106');
  const [category, setCategory] = useState('');
  const [sex, setSex] = useState<string | undefined>();
  const [depart, setDepart] = useState<string | undefined>();
  const [yn, setYn] = useState<string>('1');
  const [ends, setEnds] = useState('1');
  const [flag, setFlag] = useState<string>('N');
  const [passed, setPassed] = useState(false);
  const [mode, setMode] = useState<CodeMode>('javascript');
  const [code, setCode] = useState(SAMPLE_CODE);
  // The enhance script's code (JeecgBoot: the online form's code); each 保存 is remembered under it (§4, 16 per code).
  const [enhanceCode, setEnhanceCode] = useState('demo_order');
  const recordEnhance = useEnhanceHistory((s) => s.record);
  const { message } = App.useApp();
  const [started] = useState(() => Date.now() - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000);

  return (
    <Row gutter={[16, 16]} className="aps-picker-demo">
      <Section title="选人组件">
        <UserPicker
          value={users}
          onChange={(v, rows) => {
            setUsers(v);
            setUserRows(rows);
          }}
        />
        <Value label="用户值">{users}</Value>
        <Value label="用户姓名">{userRows.map((u) => u.realname).join(',')}</Value>
        <Divider titlePlacement="start" plain>
          单选（已保存的值 buyer01）
        </Divider>
        <UserPicker value={single} onChange={setSingle} multiple={false} />
        <Value label="单选用户值">{single}</Value>
      </Section>

      <Section title="部门选择">
        <Space direction="vertical" style={{ width: '100%' }}>
          {(['unlinked', 'linked'] as const).map((m) => (
            <div key={m}>
              <Typography.Text strong>{m === 'linked' ? '父子关联' : '父子不关联'}</Typography.Text>
              <DepartSelect
                checkMode={m}
                value={departs[m].value}
                onChange={(value, rows) => setDeparts((d) => ({ ...d, [m]: { value, rows } }))}
              />
              <Value label={m === 'linked' ? '关联部门' : '不关联部门'}>
                {departs[m].rows.map((r) => r.title).join(',')}
              </Value>
            </div>
          ))}
        </Space>
      </Section>

      <Section title="公司选择">
        <CompanySelect value={company} onChange={setCompany} multiple />
        <Value label="公司值">{company}</Value>
        <Divider titlePlacement="start" plain>
          业务组件选择
        </Divider>
        <BizSelect
          title="选择用户"
          table="sys_user"
          valueKey="username"
          displayKey="realname"
          columns={[
            { title: '用户账号', dataIndex: 'username', width: 140 },
            { title: '用户姓名', dataIndex: 'realname', width: 120 },
            { title: '手机号', dataIndex: 'phone' },
          ]}
          queryConfig={[
            { key: 'realname', label: '姓名' },
            { key: 'username', label: '账号' },
          ]}
          value={biz}
          onChange={setBiz}
        />
        <Value label="业务组件值">{biz}</Value>
      </Section>

      <Section title="省市区">
        <Space direction="vertical" style={{ width: '100%' }}>
          <RegionPicker value={region.code} onChange={(code, names) => setRegion({ code, names })} />
          <Value label="地区编码">{region.code}</Value>
          <Value label="地区名称">{region.names.join(' / ')}</Value>
          <RegionPicker type="select" value={region2} onChange={(code) => setRegion2(code)} />
          <Value label="下拉地区编码">{region2}</Value>
          <Typography.Text type="secondary">type="tree"（不支持的类型）：</Typography.Text>
          <RegionPicker type="tree" />
        </Space>
      </Section>

      <Section title="分类字典">
        <CategorySelect value={category} onChange={setCategory} />
        <Value label="分类值">{category}</Value>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 4px' }}>
          condition 不是 JSON 对象时：
        </Typography.Paragraph>
        <CategorySelect condition="code=A01" />
      </Section>

      <Section title="字典组件">
        <Space direction="vertical" style={{ width: '100%' }}>
          <DictSelect dictCode={DICT.sex} value={sex} onChange={setSex} style={{ width: 200 }} />
          <DictRadio dictCode={DICT.yn} value={yn} onChange={setYn} />
          <Form name="dictDemo" initialValues={{ ends }} onValuesChange={(changed) => setEnds(changed.ends ?? '')}>
            {/* §5 checkbox group: at least one and at most two ticked, checked as they change. */}
            <Form.Item
              name="ends"
              label="用户端"
              style={{ marginBottom: 0 }}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    const error = checkedCountError(value, { min: 1, max: 2 });
                    if (error) throw new Error(error);
                  },
                },
              ]}
            >
              <DictCheckbox dictCode={DICT.userEnd} />
            </Form.Item>
          </Form>
          <Value label="字典值">{[sex, yn, ends].map((v) => v || '-').join(' | ')}</Value>
          <DictSelect dictCode="" />
          <Typography.Text type="secondary">搜索选择（表字典，输入后 800 毫秒查询）：</Typography.Text>
          <DictSearchSelect
            id="dict-search-depart"
            dictCode="sys_depart,depart_name,id"
            value={depart}
            onChange={setDepart}
            placeholder="输入部门名称搜索"
          />
          <Value label="搜索选择值">{depart}</Value>
        </Space>
      </Section>

      <Section title="开关与滑块验证">
        <Flex align="center" gap={12}>
          <YnSwitch value={flag} onChange={setFlag} aria-label="是否启用" />
          <Value label="开关值">{flag}</Value>
        </Flex>
        <Divider />
        <DragVerify onPass={() => setPassed(true)} />
        <Value label="验证状态">{passed ? '已通过' : '未通过'}</Value>
      </Section>

      <Section title="计时、省略与金额">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="已用时（实时）">
            <ElapsedTime target={started} />
          </Descriptions.Item>
          <Descriptions.Item label="评审用时">
            <ElapsedTime target="2026-05-01 09:00:00" end="2026-05-03 11:30:15" />
          </Descriptions.Item>
          <Descriptions.Item label="无效时间">
            <ElapsedTime target="不是时间" />
          </Descriptions.Item>
          <Descriptions.Item label="省略（12）">
            <Ellipsis length={12}>{TEXT}</Ellipsis>
          </Descriptions.Item>
          <Descriptions.Item label="金额">
            <Money value={1234567.891} unit="元" />
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <ReportPopupDemo />

      <Col span={24}>
        <Card
          title="代码编辑器"
          role="region"
          aria-label="代码编辑器"
          extra={
            <Space>
              <Input
                aria-label="增强编码"
                addonBefore="编码"
                value={enhanceCode}
                onChange={(e) => setEnhanceCode(e.target.value)}
                style={{ width: 200 }}
              />
              <Button
                type="primary"
                disabled={!enhanceCode.trim()}
                onClick={() => {
                  recordEnhance(enhanceCode, code);
                  message.success('保存成功');
                }}
              >
                保存
              </Button>
              <EnhanceHistory code={enhanceCode} onRestore={setCode} />
              <Select<CodeMode>
                aria-label="语言"
                value={mode}
                onChange={setMode}
                style={{ width: 140 }}
                options={CODE_MODE_NAMES.map((m) => ({ value: m, label: CODE_MODES[m].label }))}
              />
            </Space>
          }
        >
          <CodeEditor mode={mode} value={code} onChange={setCode} height={220} />
          <Value label="代码行数">{code.split('\n').length}</Value>
        </Card>
      </Col>
    </Row>
  );
}
