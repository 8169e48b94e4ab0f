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
