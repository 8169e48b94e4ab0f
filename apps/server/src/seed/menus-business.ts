import { PERMISSIONS } from '@aps/shared';
import type { MenuSeed } from './menus.ts';

const P = PERMISSIONS;
/** The buttons of the three work order menus (变更工单 adds 审核应用). */
const WORK_ORDER_BUTTONS: [string, string][] = [
  [P.workOrder.list, '查询'],
  [P.workOrder.add, '提交工单'],
  [P.workOrder.handle, '受理办理'],
  [P.workOrder.export, '导出'],
  [P.workOrder.all, '查看全部'],
];

/** The business areas (§1): 流程中心, 采购管理, 供应商管理, 合同结算, 监督检查, 工单管理, 专家评审. */
export const BUSINESS_MENUS: MenuSeed[] = [
  {
    title: '流程中心',
    path: '/workflow',
    component: 'layouts/RouteView',
    icon: 'apartment',
    children: [
      {
        title: '我的待办',
        path: '/workflow/todo',
        component: 'workflow/TodoList',
        keepAlive: true,
        buttons: [[P.workflow.todo, '办理']],
      },
      {
        title: '我的已办',
        path: '/workflow/done',
        component: 'workflow/DoneList',
        buttons: [[P.workflow.done, '查询']],
      },
      {
        title: '我发起的',
        path: '/workflow/apply',
        component: 'workflow/ApplyList',
        buttons: [[P.workflow.apply, '查询/撤回']],
      },
      {
        title: '流程实例',
        path: '/workflow/instance',
        component: 'workflow/InstanceList',
        buttons: [
          [P.workflow.instanceList, '查询'],
          [P.workflow.instanceManage, '挂起/激活/终止'],
        ],
      },
      {
        title: '流程设计',
        path: '/workflow/definition',
        component: 'workflow/DefinitionList',
        buttons: [
          [P.workflow.definitionList, '查询'],
          [P.workflow.definitionDeploy, '部署/绑定'],
        ],
      },
    ],
  },
  {
    title: '采购管理',
    path: '/purchase',
    component: 'layouts/RouteView',
    icon: 'shopping-cart',
    children: [
      {
        title: '采购计划',
        path: '/purchase/plan',
        component: 'purchase/PlanList',
        keepAlive: true,
        buttons: [
          [P.purchasePlan.list, '查询'],
          [P.purchasePlan.add, '新增'],
          [P.purchasePlan.edit, '编辑'],
          [P.purchasePlan.delete, '删除'],
          [P.purchasePlan.export, '导出'],
          [P.purchasePlan.submit, '提交审批'],
          [P.purchaseProject.list, '项目查询'],
          [P.purchaseProject.edit, '转为项目'],
        ],
      },
      {
        title: '采购公告',
        path: '/purchaseannouncement/PurchaseAnnouncementTabs',
        component: 'purchaseannouncement/PurchaseAnnouncementTabs',
        buttons: [
          [P.purchaseNotice.list, '查询'],
          [P.purchaseNotice.edit, '编辑'],
          [P.recordHistory.list, '变更历史'],
          [P.supplierBid.signUp, '报名'],
          [P.supplierBid.bid, '投标'],
        ],
      },
      {
        // The supplier's own sign-ups and bids (userEnd 3); staff roles leave it out (SUPPLIER_ONLY_PATHS).
        title: '我的投标',
        path: '/purchaseannouncement/MyBids',
        component: 'purchaseannouncement/MyBids',
        buttons: [
          [P.supplierBid.my, '查询'],
          [P.supplierClarify.list, '澄清查询'],
          [P.supplierClarify.answer, '澄清答复'],
        ],
      },
      {
        title: '选商准备',
        path: '/purchase/selectionPrepare',
        component: 'purchase/SelectionPrepare',
        buttons: [
          [P.purchasePackage.list, '标包查询'],
          [P.purchasePackage.edit, '标包编辑'],
          [P.purchaseSelection.list, '查询'],
          [P.purchaseSelection.edit, '编辑'],
        ],
      },
      {
        title: '选商启动',
        path: '/purchase/selectionStart',
        component: 'purchase/SelectionStart',
        buttons: [[P.purchasePackage.action, '阶段操作']],
      },
      {
        title: '评审管理',
        path: '/purchase/review',
        component: 'purchase/ReviewList',
        buttons: [
          [P.purchaseReview.list, '查询'],
          [P.purchaseReview.edit, '评审交接'],
          [P.reviewDraw.list, '抽取查询'],
          [P.reviewDraw.draw, '抽取专家'],
          [P.reviewDraw.replace, '补抽'],
          [P.reviewMonitor.view, '评审监控'],
        ],
      },
      {
        title: '结束审核',
        path: '/purchase/endAudit',
        component: 'purchase/EndAuditList',
        buttons: [
          [P.purchaseEndAudit.list, '查询'],
          [P.purchaseEndAudit.edit, '提交'],
        ],
      },
      {
        title: '采购结果',
        path: '/purchase/result',
        component: 'purchase/ResultList',
        buttons: [
          [P.purchaseResult.list, '查询'],
          [P.purchaseResult.edit, '编辑'],
        ],
      },
      {
        // The special lists of §7 (issue 14 §10): reads in the package list's scope.
        title: '采购文件记录',
        path: '/purchase/fileRecord',
        component: 'purchase/FileRecordList',
        buttons: [[P.purchasePackage.list, '查询']],
      },
      {
        title: '采购清单',
        path: '/purchase/purchaseList',
        component: 'purchase/PurchaseList',
        buttons: [[P.purchasePackage.list, '查询']],
      },
      {
        title: '标包明细',
        path: '/purchase/packageDetail',
        component: 'purchase/PackageDetailList',
        buttons: [[P.purchasePackage.list, '查询']],
      },
      {
        title: '采购记录',
        path: '/purchase/record',
        component: 'purchase/RecordList',
        keepAlive: true,
        buttons: [
          [P.purchase.list, '查询'],
          [P.purchase.add, '新增'],
          [P.purchase.edit, '编辑'],
          [P.purchase.delete, '删除'],
          [P.purchase.export, '导出'],
        ],
      },
      {
        title: '采购阶段报表',
        path: '/online/cgreport/purchase_stage_report',
        component: 'online/cgreport/OnlCgreportAutoList',
        buttons: [[P.report.view, '查询']],
      },
    ],
  },
  {
    title: '供应商管理',
    path: '/supplier',
    component: 'layouts/RouteView',
    icon: 'team',
    children: [
      {
        title: '供应商名录',
        path: '/supplier/directory',
        component: 'supplier/DirectoryList',
        keepAlive: true,
        buttons: [
          [P.supplierDirectory.list, '查询'],
          [P.supplierDirectory.add, '新增'],
          [P.supplierDirectory.edit, '编辑'],
          [P.supplierDirectory.export, '导出'],
          [P.supplierDirectory.transition, '准入/合格/暂停/恢复/淘汰'],
          [P.supplierPerformance.list, '履约评价查询'],
        ],
      },
      {
        title: '合格供应商',
        path: '/supplier/qualified',
        component: 'supplier/QualifiedList',
        buttons: [[P.supplierQualified.list, '查询']],
      },
      {
        title: '黑名单',
        path: '/supplier/blacklist',
        component: 'supplier/BlacklistList',
        buttons: [
          [P.supplierBlacklist.list, '查询'],
          [P.supplierBlacklist.add, '列入黑名单'],
          [P.supplierBlacklist.release, '解除'],
          [P.supplierBlacklist.eliminate, '淘汰'],
        ],
      },
      // The supplier's own company (userEnd 3); staff roles leave them out (SUPPLIER_ONLY_PATHS in org.ts).
      {
        title: '企业信息',
        path: '/supplier/portal/profile',
        component: 'supplier/PortalProfile',
        buttons: [
          [P.supplierPortal.profile, '查询'],
          [P.supplierPortal.change, '信息变更'],
        ],
      },
      {
        title: '资质证书',
        path: '/supplier/portal/certificate',
        component: 'supplier/PortalCertificates',
        buttons: [[P.supplierPortal.certificate, '维护']],
      },
    ],
  },
  {
    title: '合同结算',
    path: '/contract',
    component: 'layouts/RouteView',
    icon: 'file-text',
    children: [
      {
        title: '合同管理',
        path: '/contract/list',
        component: 'contract/ContractList',
        keepAlive: true,
        buttons: [
          [P.contract.list, '查询'],
          [P.contract.add, '新增'],
          [P.contract.edit, '编辑'],
          [P.contract.delete, '删除'],
          [P.contract.export, '导出'],
          [P.contract.submit, '提交审批'],
          [P.contract.sign, '签订'],
          [P.contract.change, '变更'],
          [P.contract.progress, '履行进度'],
          [P.contract.terminate, '终止'],
          [P.contract.void, '作废'],
          [P.contract.evaluate, '履约评价'],
          [P.recordHistory.list, '变更历史'],
        ],
      },
      {
        title: '结算管理',
        path: '/settlement/list',
        component: 'settlement/SettlementList',
        keepAlive: true,
        buttons: [
          [P.settlement.list, '查询'],
          [P.settlement.add, '新增'],
          [P.settlement.edit, '编辑'],
          [P.settlement.delete, '删除'],
          [P.settlement.export, '导出'],
          [P.settlement.submit, '提交审批'],
          [P.settlement.pay, '付款登记'],
        ],
      },
      {
        title: '结算台账',
        path: '/settlement/ledger',
        component: 'settlement/LedgerList',
        buttons: [
          [P.ledger.list, '查询'],
          [P.ledger.export, '导出'],
        ],
      },
      // The supplier's own contracts and settlements (userEnd 3); staff roles leave them out.
      {
        title: '我的合同',
        path: '/contract/my',
        component: 'contract/MyContracts',
        buttons: [
          [P.contractSupplier.list, '查询'],
          [P.contractSupplier.sign, '签订'],
        ],
      },
      {
        title: '我的结算',
        path: '/settlement/my',
        component: 'settlement/MySettlements',
        buttons: [[P.settlementSupplier.list, '查询']],
      },
    ],
  },
  {
    title: '监督检查',
    path: '/supervision',
    component: 'layouts/RouteView',
    icon: 'eye',
    children: [
      {
        title: '监控中心',
        path: '/supervision/monitor',
        component: 'supervision/Monitor',
        buttons: [
          [P.supervision.monitorView, '查询'],
          [P.supervision.monitorExport, '导出'],
        ],
      },
      {
        title: '检查管理',
        path: '/supervision/inspection',
        component: 'supervision/InspectionList',
        buttons: [
          [P.inspection.list, '查询'],
          [P.inspection.add, '新增'],
          [P.inspection.edit, '编辑'],
          [P.inspection.delete, '删除'],
          [P.inspection.export, '导出'],
        ],
      },
      {
        title: '整改管理',
        path: '/supervision/rectification',
        component: 'supervision/RectificationList',
        buttons: [
          [P.rectification.list, '查询'],
          [P.rectification.add, '发起整改'],
          [P.rectification.close, '复核/退回'],
          [P.rectification.export, '导出'],
          [P.rectification.handle, '部门整改'],
        ],
      },
      // The supplier's own orders (userEnd 3); staff roles leave it out.
      {
        title: '我的整改',
        path: '/supervision/myRectification',
        component: 'supervision/MyRectifications',
        buttons: [[P.rectification.answer, '提交整改']],
      },
    ],
  },
  {
    title: '工单管理',
    path: '/workorder',
    component: 'layouts/RouteView',
    icon: 'tool',
    children: [
      {
        title: '运维工单',
        path: '/workorder/operation',
        component: 'workorder/OperationList',
        buttons: WORK_ORDER_BUTTONS,
      },
      { title: '审计工单', path: '/workorder/audit', component: 'workorder/AuditList', buttons: WORK_ORDER_BUTTONS },
      {
        title: '变更工单',
        path: '/workorder/modify',
        component: 'workorder/ModifyList',
        buttons: [...WORK_ORDER_BUTTONS, [P.workOrder.approve, '审核应用']],
      },
    ],
  },
  {
    title: '专家评审',
    path: '/review',
    component: 'layouts/RouteView',
    icon: 'audit',
    children: [
      {
        title: '评审任务',
        path: '/review/task',
        component: 'review/TaskList',
        keepAlive: true,
        buttons: [
          [P.reviewTask.list, '查询'],
          [P.reviewTask.signIn, '签到'],
          [P.reviewTask.qualify, '资格/符合性审查'],
          [P.reviewTask.score, '评分'],
          [P.reviewTask.lead, '组长操作'],
          [P.reviewTask.sign, '签字'],
        ],
      },
      {
        title: '组长推选',
        path: '/review/teamLeader',
        component: 'review/TeamLeader',
        buttons: [[P.reviewTask.vote, '投票']],
      },
      // The leader opens and decides clarifications with review:task:lead (评审任务); the page lists them.
      { title: '报价澄清', path: '/review/quotationClarify', component: 'review/QuotationClarify' },
      {
        title: '竞选核查',
        path: '/review/campaignCheck',
        component: 'review/CampaignCheck',
        buttons: [[P.reviewTask.check, '核查']],
      },
      {
        // The pool is the administrators' (the expert role leaves it out: EXPERT_POOL_PATH in org.ts).
        title: '专家库',
        path: '/review/expertPool',
        component: 'review/ExpertPool',
        buttons: [
          [P.reviewExpert.list, '查询'],
          [P.reviewExpert.add, '新增'],
          [P.reviewExpert.edit, '编辑'],
          [P.reviewExpert.delete, '删除'],
          [P.reviewExpert.import, '导入'],
          [P.reviewExpert.export, '导出'],
        ],
      },
    ],
  },
];
