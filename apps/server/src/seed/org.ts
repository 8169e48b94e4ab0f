import { GRID_AUTH, PERMISSIONS } from '@aps/shared';
import type { RoleMenuGrant } from './menus.ts';

export const DEMO_PASSWORD = 'Aps@2026';

export const TENANTS = [
  { id: 1, name: '华信建设集团' },
  { id: 2, name: '远航能源集团' },
] as const;

export interface DepartSeed {
  tenantId: number;
  orgCode: string;
  name: string;
  abbr: string;
  category: '1' | '2' | '3';
  parent?: string;
}

/** Group (1) → branch companies (2) → projects (3), per tenant. */
export const DEPARTS: DepartSeed[] = [
  { tenantId: 1, orgCode: 'A01', name: '华信建设集团有限公司', abbr: '华信集团', category: '1' },
  { tenantId: 1, orgCode: 'A01A01', name: '华信第一工程分公司', abbr: '一分公司', category: '2', parent: 'A01' },
  { tenantId: 1, orgCode: 'A01A02', name: '华信物资贸易分公司', abbr: '物贸分公司', category: '2', parent: 'A01' },
  { tenantId: 1, orgCode: 'A01A01A01', name: '城南综合管廊项目部', abbr: '管廊项目', category: '3', parent: 'A01A01' },
  {
    tenantId: 1,
    orgCode: 'A01A01A02',
    name: '滨江新区安置房项目部',
    abbr: '安置房项目',
    category: '3',
    parent: 'A01A01',
  },
  { tenantId: 1, orgCode: 'A01A02A01', name: '地铁5号线土建项目部', abbr: '地铁项目', category: '3', parent: 'A01A02' },
  { tenantId: 2, orgCode: 'B01', name: '远航能源集团有限公司', abbr: '远航集团', category: '1' },
  { tenantId: 2, orgCode: 'B01A01', name: '远航新能源分公司', abbr: '新能源分公司', category: '2', parent: 'B01' },
];

export interface RoleSeed {
  tenantId: number;
  code: string;
  name: string;
  description: string;
  /** '1' all, '2' own department and children, '3' own department. */
  dataScope: '1' | '2' | '3';
  grant: RoleMenuGrant | 'all';
}

const READ_ONLY_PURCHASE = [
  PERMISSIONS.purchase.add,
  PERMISSIONS.purchase.edit,
  PERMISSIONS.purchase.delete,
  'purchase:plan:add',
  'purchase:plan:edit',
  'purchase:plan:delete',
  PERMISSIONS.purchasePlan.submit,
  PERMISSIONS.purchaseProject.edit,
  PERMISSIONS.purchasePackage.edit,
  PERMISSIONS.purchasePackage.action,
  PERMISSIONS.purchaseSelection.edit,
  PERMISSIONS.purchaseReview.edit,
  PERMISSIONS.purchaseEndAudit.edit,
  PERMISSIONS.purchaseResult.edit,
  PERMISSIONS.purchaseNotice.edit,
  PERMISSIONS.supplierBid.signUp,
  PERMISSIONS.supplierBid.bid,
  PERMISSIONS.reviewDraw.draw,
  PERMISSIONS.reviewDraw.replace,
];
/** Staff never act as a bidder. */
const SUPPLIER_ONLY = [
  PERMISSIONS.supplierBid.signUp,
  PERMISSIONS.supplierBid.bid,
  PERMISSIONS.supplierBid.my,
  PERMISSIONS.supplierClarify.list,
  PERMISSIONS.supplierClarify.answer,
  PERMISSIONS.supplierPortal.profile,
  PERMISSIONS.supplierPortal.change,
  PERMISSIONS.supplierPortal.certificate,
  PERMISSIONS.contractSupplier.list,
  PERMISSIONS.contractSupplier.sign,
  PERMISSIONS.settlementSupplier.list,
];
/** 专家库 is the administrators' (issue 15): experts see 专家评审 without it. */
const EXPERT_POOL_PATH = '/review/expertPool';
/** Menus for supplier users only: staff roles granted the whole 采购管理 leave them out. */
const SUPPLIER_ONLY_PATHS = [
  '/purchaseannouncement/MyBids',
  '/supplier/portal/profile',
  '/supplier/portal/certificate',
  '/contract/my',
  '/settlement/my',
];
/** Issue 16: the supplier administration's writes (admin only; buyers read the directory and the blacklist). */
const SUPPLIER_ADMIN_ONLY = [
  PERMISSIONS.supplierDirectory.add,
  PERMISSIONS.supplierDirectory.edit,
  PERMISSIONS.supplierDirectory.transition,
  PERMISSIONS.supplierBlacklist.add,
  PERMISSIONS.supplierBlacklist.release,
  PERMISSIONS.supplierBlacklist.eliminate,
];
/** Contract and settlement writes: the supervisor reads the lists and the ledger only. */
const CONTRACT_WRITES = [
  PERMISSIONS.contract.add,
  PERMISSIONS.contract.edit,
  PERMISSIONS.contract.delete,
  PERMISSIONS.contract.submit,
  PERMISSIONS.contract.sign,
  PERMISSIONS.contract.change,
  PERMISSIONS.contract.progress,
  PERMISSIONS.contract.terminate,
  PERMISSIONS.contract.void,
  PERMISSIONS.contract.evaluate,
  PERMISSIONS.settlement.add,
  PERMISSIONS.settlement.edit,
  PERMISSIONS.settlement.delete,
  PERMISSIONS.settlement.submit,
  PERMISSIONS.settlement.pay,
];
const COMMON = ['/dashboard/analysis', '/account', '/workflow', '/isps/userAnnouncement'];
/** A supplier reads published notices through the supplier endpoints, never the staff management ones. */
const NOTICE_STAFF_BUTTONS = [PERMISSIONS.purchaseNotice.list, PERMISSIONS.purchaseNotice.edit];
/** 流程实例 and 流程设计 are the administrators': everyone else has 我的待办, 我的已办 and 我发起的. */
const WORKFLOW_ADMIN_ONLY = [
  PERMISSIONS.workflow.instanceList,
  PERMISSIONS.workflow.instanceManage,
  PERMISSIONS.workflow.definitionList,
  PERMISSIONS.workflow.definitionDeploy,
];
/**
 * The approvers of the default processes (issue 13): 流程中心, and 申请示例 read-only so that 办理 can show the
 * request being approved.
 */
const APPROVER_GRANT: RoleMenuGrant = {
  paths: [...COMMON, '/demo/request'],
  excludeButtons: [...WORKFLOW_ADMIN_ONLY, PERMISSIONS.demoRequest.edit],
};

export const ROLES: RoleSeed[] = [
  {
    tenantId: 1,
    code: 'admin',
    name: '系统管理员',
    description: '拥有全部菜单与按钮权限',
    dataScope: '1',
    grant: 'all',
  },
  {
    tenantId: 1,
    code: 'buyer',
    name: '采购经办',
    description: '编制采购计划、发布公告、组织选商与签订合同',
    dataScope: '2',
    grant: {
      // 申请示例 is the workflow's demo business: buyers start requests through it (issue 13).
      paths: [...COMMON, '/purchase', '/supplier', '/contract', '/qa/questionsAndAnswers', '/demo/request'],
      excludePaths: SUPPLIER_ONLY_PATHS,
      excludeButtons: [PERMISSIONS.qa.edit, ...WORKFLOW_ADMIN_ONLY, ...SUPPLIER_ONLY, ...SUPPLIER_ADMIN_ONLY],
    },
  },
  {
    tenantId: 1,
    code: 'project_buyer',
    name: '项目采购员',
    description: '项目部的采购经办，只看本项目数据',
    dataScope: '3',
    grant: {
      paths: [...COMMON, '/purchase', '/qa/questionsAndAnswers'],
      excludePaths: SUPPLIER_ONLY_PATHS,
      excludeButtons: [PERMISSIONS.qa.edit, PERMISSIONS.purchase.delete, ...WORKFLOW_ADMIN_ONLY, ...SUPPLIER_ONLY],
    },
  },
  {
    tenantId: 1,
    code: 'expert',
    name: '评审专家',
    description: '参与评审打分、组长推选、报价澄清与竞选核查',
    dataScope: '3',
    grant: {
      paths: ['/dashboard/analysis', '/account', '/review', '/qa/questionsAndAnswers', '/isps/userAnnouncement'],
      excludePaths: [EXPERT_POOL_PATH],
      excludeButtons: [PERMISSIONS.qa.edit],
    },
  },
  {
    tenantId: 1,
    code: 'supplier',
    name: '供应商',
    description: '查看采购公告并参与报名、投标',
    dataScope: '3',
    grant: {
      paths: [
        '/purchaseannouncement/PurchaseAnnouncementTabs',
        '/purchaseannouncement/MyBids',
        ...SUPPLIER_ONLY_PATHS.slice(1),
        '/account',
        '/qa/questionsAndAnswers',
        '/isps/userAnnouncement',
      ],
      excludeButtons: [PERMISSIONS.qa.edit, ...NOTICE_STAFF_BUTTONS],
    },
  },
  {
    tenantId: 1,
    code: 'supervisor',
    name: '监督人员',
    description: '监督检查、整改跟踪，采购数据只读',
    dataScope: '1',
    grant: {
      paths: [...COMMON, '/purchase', '/supplier', '/contract', '/supervision', '/workorder'],
      excludePaths: SUPPLIER_ONLY_PATHS,
      excludeButtons: [
        ...READ_ONLY_PURCHASE,
        ...WORKFLOW_ADMIN_ONLY,
        ...SUPPLIER_ONLY,
        ...SUPPLIER_ADMIN_ONLY,
        ...CONTRACT_WRITES,
      ],
    },
  },
  {
    tenantId: 1,
    code: 'demo',
    name: '演示用户',
    description: '示例页面的演示账号：可编辑表格不含单价列与批量删除权限',
    dataScope: '3',
    // The 可编辑表格 demo without its grid codes: the 单价 column and the delete button are hidden (§6). A demo
    // account of its own, so that no business role's menu carries a demo page (issue 11 §7).
    grant: {
      paths: [...COMMON, '/demo/grid', '/demo/request'],
      excludeButtons: [GRID_AUTH.demo.price, GRID_AUTH.demo.batchDelete, ...WORKFLOW_ADMIN_ONLY],
    },
  },
  {
    tenantId: 1,
    code: 'dept_leader',
    name: '部门负责人',
    description: '审批本部门发起的申请（流程节点：部门负责人审批）',
    dataScope: '2',
    grant: APPROVER_GRANT,
  },
  {
    tenantId: 1,
    code: 'purchase_manager',
    name: '集团采购部',
    description: '集团采购部审批（流程节点：集团采购部审批）',
    dataScope: '1',
    grant: APPROVER_GRANT,
  },
  {
    tenantId: 1,
    code: 'group_leader',
    name: '分管领导',
    description: '分管领导审批（流程节点：分管领导审批）',
    dataScope: '1',
    grant: APPROVER_GRANT,
  },
  { tenantId: 2, code: 'admin', name: '系统管理员', description: '远航能源集团管理员', dataScope: '1', grant: 'all' },
  {
    tenantId: 2,
    code: 'purchase_manager',
    name: '集团采购部',
    description: '集团采购部审批',
    dataScope: '1',
    grant: APPROVER_GRANT,
  },
  {
    tenantId: 2,
    code: 'group_leader',
    name: '分管领导',
    description: '分管领导审批',
    dataScope: '1',
    grant: APPROVER_GRANT,
  },
];

/** 负责人 of departments (sys_depart.director_user_ids): the workflow's dept_leader assignees. */
export const DEPART_DIRECTORS: Record<string, string[]> = {
  A01: ['leader01'],
  A01A01: ['leader01'],
  A01A02: ['leader01'],
  B01: ['yhadmin'],
  B01A01: ['yhadmin'],
};

export interface UserSeed {
  username: string;
  realname: string;
  phone: string;
  email: string;
  sex: 1 | 2;
  userType: '1' | '2' | '3';
  userEnd: string;
  post: string;
  departs: string[];
  roles: { tenantId: number; code: string }[];
  /** Password from ADMIN_PASSWORD for the admin; the demo password for everyone else. */
  isAdmin?: boolean;
}

export const USERS: UserSeed[] = [
  {
    username: 'admin',
    realname: '系统管理员',
    phone: '13800000000',
    email: 'admin@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '1',
    post: '系统管理员',
    departs: ['A01', 'B01'],
    roles: [
      { tenantId: 1, code: 'admin' },
      { tenantId: 2, code: 'admin' },
    ],
    isAdmin: true,
  },
  {
    username: 'buyer01',
    realname: '张建国',
    phone: '13800000001',
    email: 'buyer01@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '1',
    post: '集团采购经办',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'buyer' }],
  },
  {
    username: 'branch01',
    realname: '李秀英',
    phone: '13800000002',
    email: 'branch01@aps.example',
    sex: 2,
    userType: '2',
    userEnd: '1',
    post: '分公司采购经办',
    departs: ['A01A01', 'A01A02'],
    roles: [{ tenantId: 1, code: 'buyer' }],
  },
  {
    username: 'project01',
    realname: '王磊',
    phone: '13800000003',
    email: 'project01@aps.example',
    sex: 1,
    userType: '3',
    userEnd: '1',
    post: '项目采购员',
    departs: ['A01A01A01'],
    roles: [{ tenantId: 1, code: 'project_buyer' }],
  },
  {
    username: 'expert01',
    realname: '赵明远',
    phone: '13800000004',
    email: 'expert01@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert02',
    realname: '钱丽华',
    phone: '13800000005',
    email: 'expert02@aps.example',
    sex: 2,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert03',
    realname: '周文博',
    phone: '13800000031',
    email: 'expert03@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert04',
    realname: '吴启明',
    phone: '13800000032',
    email: 'expert04@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert05',
    realname: '郑雅琴',
    phone: '13800000033',
    email: 'expert05@aps.example',
    sex: 2,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert06',
    realname: '冯国栋',
    phone: '13800000034',
    email: 'expert06@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'expert07',
    realname: '陈思远',
    phone: '13800000035',
    email: 'expert07@aps.example',
    sex: 2,
    userType: '1',
    userEnd: '2',
    post: '评审专家',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'expert' }],
  },
  {
    username: 'supplier01',
    realname: '孙志强',
    phone: '13800000006',
    email: 'supplier01@aps.example',
    sex: 1,
    userType: '3',
    userEnd: '3',
    post: '供应商联系人',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'supplier' }],
  },
  {
    username: 'supplier02',
    realname: '吴海燕',
    phone: '13800000021',
    email: 'supplier02@aps.example',
    sex: 2,
    userType: '3',
    userEnd: '3',
    post: '供应商联系人',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'supplier' }],
  },
  {
    username: 'supplier03',
    realname: '郑国华',
    phone: '13800000022',
    email: 'supplier03@aps.example',
    sex: 1,
    userType: '3',
    userEnd: '3',
    post: '供应商联系人',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'supplier' }],
  },
  {
    username: 'supervisor01',
    realname: '周正',
    phone: '13800000007',
    email: 'supervisor01@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '1',
    post: '纪检监督',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'supervisor' }],
  },
  {
    username: 'demo01',
    realname: '演示用户',
    phone: '13800000009',
    email: 'demo01@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '1',
    post: '演示账号',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'demo' }],
  },
  {
    username: 'leader01',
    realname: '陈志远',
    phone: '13800000010',
    email: 'leader01@aps.example',
    sex: 1,
    userType: '1',
    userEnd: '1',
    post: '部门负责人',
    departs: ['A01'],
    roles: [
      { tenantId: 1, code: 'dept_leader' },
      { tenantId: 1, code: 'group_leader' },
    ],
  },
  {
    username: 'manager01',
    realname: '刘晓梅',
    phone: '13800000011',
    email: 'manager01@aps.example',
    sex: 2,
    userType: '1',
    userEnd: '1',
    post: '集团采购部经理',
    departs: ['A01'],
    roles: [{ tenantId: 1, code: 'purchase_manager' }],
  },
  {
    username: 'yhadmin',
    realname: '远航管理员',
    phone: '13800000008',
    email: 'yhadmin@aps.example',
    sex: 2,
    userType: '1',
    userEnd: '1',
    post: '系统管理员',
    departs: ['B01'],
    roles: [
      { tenantId: 2, code: 'admin' },
      { tenantId: 2, code: 'purchase_manager' },
      { tenantId: 2, code: 'group_leader' },
    ],
  },
];
