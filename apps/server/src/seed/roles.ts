import { GRID_AUTH, PERMISSIONS } from '@aps/shared';
import type { RoleMenuGrant } from './menus.ts';

/** The roles of the demo tenants: data scope and the menus and buttons each one is granted. */
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
  PERMISSIONS.rectification.answer,
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
  '/supervision/myRectification',
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
/** Work orders: staff file and read their own; handling, approving, reading all and export are the administrators'. */
const WORK_ORDER_ADMIN_ONLY = [
  PERMISSIONS.workOrder.handle,
  PERMISSIONS.workOrder.approve,
  PERMISSIONS.workOrder.all,
  PERMISSIONS.workOrder.export,
];
/** Supervisors read every order (and export) but file and handle none (they write nothing in the business). */
const WORK_ORDER_WRITES = [PERMISSIONS.workOrder.add, PERMISSIONS.workOrder.handle, PERMISSIONS.workOrder.approve];
/** A record's 变更历史 is the supervisors' and the administrators' (issue 17 §5). */
const HISTORY = PERMISSIONS.recordHistory.list;
/** Raising, reviewing and exporting rectifications are the supervisors' (a department only answers its own). */
const SUPERVISION_ONLY = [
  PERMISSIONS.rectification.add,
  PERMISSIONS.rectification.close,
  PERMISSIONS.rectification.export,
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
  paths: [...COMMON, '/demo/request', '/workorder'],
  excludeButtons: [...WORKFLOW_ADMIN_ONLY, PERMISSIONS.demoRequest.edit, ...WORK_ORDER_ADMIN_ONLY],
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
      paths: [
        ...COMMON,
        '/purchase',
        '/supplier',
        '/contract',
        '/qa/questionsAndAnswers',
        '/demo/request',
        '/workorder',
        // 整改管理: their department's orders, answered by them (issue 17 §3).
        '/supervision/rectification',
      ],
      excludePaths: SUPPLIER_ONLY_PATHS,
      excludeButtons: [
        PERMISSIONS.qa.edit,
        ...WORKFLOW_ADMIN_ONLY,
        ...SUPPLIER_ONLY,
        ...SUPPLIER_ADMIN_ONLY,
        ...WORK_ORDER_ADMIN_ONLY,
        HISTORY,
        ...SUPERVISION_ONLY,
      ],
    },
  },
  {
    tenantId: 1,
    code: 'project_buyer',
    name: '项目采购员',
    description: '项目部的采购经办，只看本项目数据',
    dataScope: '3',
    grant: {
      paths: [...COMMON, '/purchase', '/qa/questionsAndAnswers', '/workorder'],
      excludePaths: SUPPLIER_ONLY_PATHS,
      excludeButtons: [
        PERMISSIONS.qa.edit,
        PERMISSIONS.purchase.delete,
        ...WORKFLOW_ADMIN_ONLY,
        ...SUPPLIER_ONLY,
        ...WORK_ORDER_ADMIN_ONLY,
        HISTORY,
      ],
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
        ...WORK_ORDER_WRITES,
        // Supervision is the supervisor's own business (they write there), but answering is the addressee's.
        PERMISSIONS.rectification.handle,
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
    code: 'registered',
    name: '注册用户',
    description: '通过 /register 自助注册的个人用户：首页、个人中心与系统通告',
    dataScope: '3',
    grant: { paths: ['/dashboard/analysis', '/account', '/isps/userAnnouncement'] },
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
