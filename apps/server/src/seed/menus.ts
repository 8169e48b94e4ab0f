import { GRID_AUTH, PERMISSIONS } from '@aps/shared';

/** One menu of the seeded tree. Paths are routes of the web app; components are its view names. */
export interface MenuSeed {
  title: string;
  path: string;
  component?: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  external?: boolean;
  isRoute?: boolean;
  componentName?: string;
  buttons?: [code: string, name: string][];
  children?: MenuSeed[];
}

const P = PERMISSIONS;

/** The platform's menu tree: every area of the product (§1). */
export const MENU_TREE: MenuSeed[] = [
  { title: '首页', path: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' },
  {
    title: '个人页',
    path: '/account',
    component: 'layouts/RouteView',
    icon: 'user',
    children: [
      { title: '个人中心', path: '/account/center', component: 'account/center/Index', hidden: true },
      { title: '个人设置', path: '/account/settings', component: 'account/settings/Index', hidden: true },
    ],
  },
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
      { title: '监控中心', path: '/supervision/monitor', component: 'supervision/Monitor' },
      { title: '检查管理', path: '/supervision/inspection', component: 'supervision/InspectionList' },
      { title: '整改管理', path: '/supervision/rectification', component: 'supervision/RectificationList' },
    ],
  },
  {
    title: '工单管理',
    path: '/workorder',
    component: 'layouts/RouteView',
    icon: 'tool',
    children: [
      { title: '运维工单', path: '/workorder/operation', component: 'workorder/OperationList' },
      { title: '审计工单', path: '/workorder/audit', component: 'workorder/AuditList' },
      { title: '变更工单', path: '/workorder/modify', component: 'workorder/ModifyList' },
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
  {
    title: '常见问题',
    path: '/qa/questionsAndAnswers',
    component: 'qa/QuestionsAndAnswers',
    icon: 'question-circle',
    buttons: [[P.qa.edit, '问答维护']],
  },
  {
    title: '系统管理',
    path: '/system',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      {
        title: '用户管理',
        path: '/system/user',
        component: 'system/UserList',
        keepAlive: true,
        buttons: [
          [P.user.list, '查询'],
          [P.user.add, '新增'],
          [P.user.edit, '编辑'],
          [P.user.delete, '删除'],
          [P.user.frozen, '冻结'],
          [P.user.export, '导出'],
          [P.user.changePassword, '修改密码'],
        ],
      },
      {
        title: '角色管理',
        path: '/system/role',
        component: 'system/RoleList',
        buttons: [
          [P.role.list, '查询'],
          [P.role.add, '新增'],
          [P.role.edit, '编辑'],
          [P.role.delete, '删除'],
          [P.role.authorize, '授权'],
        ],
      },
      {
        title: '菜单管理',
        path: '/system/permission',
        component: 'system/PermissionList',
        buttons: [
          [P.permission.list, '查询'],
          [P.permission.add, '新增'],
          [P.permission.edit, '编辑'],
          [P.permission.delete, '删除'],
          [P.permission.dataRule, '数据规则'],
        ],
      },
      {
        title: '部门管理',
        path: '/system/depart',
        component: 'system/DepartList',
        buttons: [
          [P.depart.list, '查询'],
          [P.depart.add, '新增'],
          [P.depart.edit, '编辑'],
          [P.depart.delete, '删除'],
          [P.depart.authorize, '部门授权'],
          [P.depart.role, '部门角色'],
        ],
      },
      {
        title: '数据字典',
        path: '/system/dict',
        component: 'system/DictList',
        buttons: [
          [P.dict.list, '查询'],
          [P.dict.edit, '编辑'],
        ],
      },
      {
        title: '分类字典',
        path: '/system/category',
        component: 'system/CategoryList',
        buttons: [
          [P.category.list, '查询'],
          [P.category.edit, '编辑'],
        ],
      },
      { title: '系统日志', path: '/system/log', component: 'system/LogList', buttons: [[P.log.list, '查询']] },
      {
        title: '系统通告',
        path: '/system/announcement',
        component: 'system/AnnouncementList',
        buttons: [
          [P.announcement.list, '查询'],
          [P.announcement.edit, '编辑'],
        ],
      },
      {
        title: '租户管理',
        path: '/system/tenant',
        component: 'system/TenantList',
        buttons: [
          [P.tenant.list, '查询'],
          [P.tenant.edit, '编辑'],
        ],
      },
      {
        title: '职务管理',
        path: '/system/position',
        component: 'system/PositionList',
        buttons: [
          [P.position.list, '查询'],
          [P.position.edit, '编辑'],
        ],
      },
      {
        title: '定时任务',
        path: '/system/quartz',
        component: 'system/QuartzJobList',
        buttons: [
          [P.job.list, '查询'],
          [P.job.edit, '编辑'],
        ],
      },
      {
        title: '网关路由',
        path: '/system/gateway',
        component: 'system/GatewayRouteList',
        buttons: [
          [P.gateway.list, '查询'],
          [P.gateway.edit, '编辑'],
        ],
      },
      {
        title: '填值规则',
        path: '/system/fillRule',
        component: 'system/FillRuleList',
        buttons: [
          [P.fillRule.list, '查询'],
          [P.fillRule.edit, '编辑'],
        ],
      },
      {
        title: '校验规则',
        path: '/system/checkRule',
        component: 'system/CheckRuleList',
        buttons: [
          [P.checkRule.list, '查询'],
          [P.checkRule.edit, '编辑'],
        ],
      },
      {
        title: '在线用户',
        path: '/system/online',
        component: 'system/OnlineUserList',
        buttons: [
          [P.online.list, '查询'],
          [P.online.forceLogout, '强制退出'],
        ],
      },
    ],
  },
  {
    title: '示例页面',
    path: '/demo',
    component: 'layouts/RouteView',
    icon: 'appstore',
    children: [
      {
        title: '可编辑表格',
        path: '/demo/grid',
        component: 'demo/EditableGridDemo',
        // §6: grid codes under the page's prefix (a column key, or a toolbar button).
        buttons: [
          [GRID_AUTH.demo.price, '单价列'],
          [GRID_AUTH.demo.batchDelete, '批量删除'],
        ],
      },
      {
        title: '申请示例',
        path: '/demo/request',
        component: 'demo/RequestDemo',
        buttons: [
          [P.demoRequest.list, '查询'],
          [P.demoRequest.edit, '新增/编辑/提交'],
        ],
      },
      { title: '高级查询', path: '/demo/superQuery', component: 'demo/SuperQueryDemo' },
      { title: 'Cron表达式', path: '/demo/cron', component: 'demo/CronDemo' },
      { title: '文件上传', path: '/demo/upload', component: 'demo/UploadDemo' },
      { title: '选择组件', path: '/demo/pickers', component: 'demo/PickerDemo' },
      { title: 'Excel导入导出', path: '/demo/excel', component: 'demo/ExcelDemo' },
      {
        title: '异常页',
        path: '/exception',
        component: 'layouts/RouteView',
        children: [
          { title: '403', path: '/exception/403', component: 'exception/403' },
          { title: '404', path: '/exception/404', component: 'exception/404' },
          { title: '500', path: '/exception/500', component: 'exception/500' },
        ],
      },
    ],
  },
  { title: '接口文档', path: '/aps/docs', icon: 'api', external: true, component: 'layouts/IframePageView' },
  { title: '我的消息', path: '/isps/userAnnouncement', component: 'system/UserAnnouncementList', hidden: true },
];

/** Paths of top-level menus each role sees (a role gets the whole subtree and its buttons). */
/** A role's menus: whole subtrees of `paths`, minus the subtrees of `excludePaths` and the `excludeButtons` codes. */
export type RoleMenuGrant = { paths: string[]; excludePaths?: string[]; excludeButtons?: string[] };
