/**
 * Permission codes: the server checks them on each route, the web hides buttons with them.
 * A route declares exactly one of: PUBLIC (no token), LOGIN (any signed-in user) or a code below.
 */
export const PUBLIC = 'public' as const;
export const LOGIN = 'login' as const;

export const PERMISSIONS = {
  qa: { edit: 'qa:edit' },
  user: {
    list: 'system:user:list',
    add: 'system:user:add',
    edit: 'system:user:edit',
    delete: 'system:user:delete',
    frozen: 'system:user:frozen',
    export: 'system:user:export',
    changePassword: 'system:user:changePassword',
  },
  role: {
    list: 'system:role:list',
    add: 'system:role:add',
    edit: 'system:role:edit',
    delete: 'system:role:delete',
    authorize: 'system:role:authorize',
  },
  permission: {
    list: 'system:permission:list',
    add: 'system:permission:add',
    edit: 'system:permission:edit',
    delete: 'system:permission:delete',
    dataRule: 'system:permission:dataRule',
  },
  depart: {
    list: 'system:depart:list',
    add: 'system:depart:add',
    edit: 'system:depart:edit',
    delete: 'system:depart:delete',
    authorize: 'system:depart:authorize',
    role: 'system:depart:role',
  },
  dict: { list: 'system:dict:list', edit: 'system:dict:edit' },
  log: { list: 'system:log:list' },
  online: { list: 'system:online:list', forceLogout: 'system:online:forceLogout' },
  announcement: { list: 'system:announcement:list', edit: 'system:announcement:edit' },
  tenant: { list: 'system:tenant:list', edit: 'system:tenant:edit' },
  job: { list: 'system:quartz:list', edit: 'system:quartz:edit' },
  category: { list: 'system:category:list', edit: 'system:category:edit' },
  position: { list: 'system:position:list', edit: 'system:position:edit' },
  gateway: { list: 'system:gateway:list', edit: 'system:gateway:edit' },
  fillRule: { list: 'system:fillRule:list', edit: 'system:fillRule:edit' },
  checkRule: { list: 'system:checkRule:list', edit: 'system:checkRule:edit' },
  report: { view: 'online:cgreport:view' },
  purchase: {
    list: 'purchase:record:list',
    add: 'purchase:record:add',
    edit: 'purchase:record:edit',
    delete: 'purchase:record:delete',
    export: 'purchase:record:export',
  },
  purchasePlan: {
    list: 'purchase:plan:list',
    add: 'purchase:plan:add',
    edit: 'purchase:plan:edit',
    delete: 'purchase:plan:delete',
    export: 'purchase:plan:export',
    submit: 'purchase:plan:submit',
  },
  purchaseProject: { list: 'purchase:project:list', edit: 'purchase:project:edit' },
  purchasePackage: { list: 'purchase:package:list', edit: 'purchase:package:edit', action: 'purchase:package:action' },
  purchaseNotice: { list: 'purchase:notice:list', edit: 'purchase:notice:edit' },
  purchaseSelection: { list: 'purchase:selection:list', edit: 'purchase:selection:edit' },
  purchaseReview: { list: 'purchase:review:list', edit: 'purchase:review:edit' },
  purchaseEndAudit: { list: 'purchase:endAudit:list', edit: 'purchase:endAudit:edit' },
  purchaseResult: { list: 'purchase:result:list', edit: 'purchase:result:edit' },
  supplierBid: { signUp: 'supplier:bid:signUp', bid: 'supplier:bid:submit', my: 'supplier:bid:my' },
  /** Expert review (issue 15): the expert's task; the committee identity and the stage are checked per package. */
  reviewTask: {
    list: 'review:task:list',
    signIn: 'review:task:signIn',
    vote: 'review:task:vote',
    qualify: 'review:task:qualify',
    score: 'review:task:score',
    /** The leader's steps: start scoring, returns, clarifications, confirmation, end of the review. */
    lead: 'review:task:lead',
    check: 'review:task:check',
    sign: 'review:task:sign',
  },
  /** The expert pool (专家库). */
  reviewExpert: {
    list: 'review:expert:list',
    add: 'review:expert:add',
    edit: 'review:expert:edit',
    delete: 'review:expert:delete',
    import: 'review:expert:import',
    export: 'review:expert:export',
  },
  /** The buyer's draw of a package's committee (评审管理). */
  reviewDraw: { list: 'review:draw:list', draw: 'review:draw:draw', replace: 'review:draw:replace' },
  /** The buyer's and the supervisor's read-only view of a running review (committee, progress, summary). */
  reviewMonitor: { view: 'review:monitor' },
  /** The supplier's side of 报价澄清 and 多轮报价. */
  supplierClarify: { list: 'supplier:clarify:list', answer: 'supplier:clarify:answer' },
  /** Suppliers, contracts and settlement (issue 16). */
  supplierDirectory: {
    list: 'supplier:directory:list',
    add: 'supplier:directory:add',
    edit: 'supplier:directory:edit',
    export: 'supplier:directory:export',
    /** Admit / qualify / suspend / resume / eliminate (SUPPLIER_TRANSITIONS). */
    transition: 'supplier:directory:transition',
  },
  supplierQualified: { list: 'supplier:qualified:list' },
  supplierBlacklist: {
    list: 'supplier:blacklist:list',
    add: 'supplier:blacklist:add',
    release: 'supplier:blacklist:release',
    eliminate: 'supplier:blacklist:eliminate',
  },
  /** The supplier's own company (userEnd 3): profile, change requests, certificates. */
  supplierPortal: {
    profile: 'supplier:portal:profile',
    change: 'supplier:portal:change',
    certificate: 'supplier:portal:certificate',
  },
  supplierPerformance: { list: 'supplier:performance:list' },
  contract: {
    list: 'contract:list',
    add: 'contract:add',
    edit: 'contract:edit',
    delete: 'contract:delete',
    export: 'contract:export',
    submit: 'contract:submit',
    sign: 'contract:sign',
    change: 'contract:change',
    /** 履行完毕 / 质保期 / 关闭. */
    progress: 'contract:progress',
    terminate: 'contract:terminate',
    void: 'contract:void',
    evaluate: 'contract:evaluate',
  },
  /** The supplier's side: its own contracts (我的合同) and their signature, its own settlements (我的结算). */
  contractSupplier: { list: 'contract:supplier:list', sign: 'contract:supplier:sign' },
  settlementSupplier: { list: 'settlement:supplier:list' },
  settlement: {
    list: 'settlement:list',
    add: 'settlement:add',
    edit: 'settlement:edit',
    delete: 'settlement:delete',
    export: 'settlement:export',
    submit: 'settlement:submit',
    pay: 'settlement:pay',
  },
  ledger: { list: 'ledger:list', export: 'ledger:export' },
  /** Supervision (issue 17): 监控中心 (read-only dashboard, signals and their export). */
  supervision: {
    monitorView: 'supervision:monitor:view',
    monitorExport: 'supervision:monitor:export',
  },
  workflow: {
    todo: 'workflow:todo',
    done: 'workflow:done',
    apply: 'workflow:apply',
    instanceList: 'workflow:instance:list',
    instanceManage: 'workflow:instance:manage',
    definitionList: 'workflow:definition:list',
    definitionDeploy: 'workflow:definition:deploy',
  },
  demoRequest: { list: 'demo:request:list', edit: 'demo:request:edit' },
  /** Issue 17 §5: the change history of a business record (supervisors and administrators). */
  recordHistory: { list: 'supervision:history:list' },
  /** Issue 17 §4: work orders. Everyone files and reads their own; handle/approve are the administrators'. */
  workOrder: {
    list: 'workorder:order:list',
    add: 'workorder:order:add',
    handle: 'workorder:order:handle',
    approve: 'workorder:order:approve',
    export: 'workorder:order:export',
    /** Reads every order of the tenant in the data scope, not only one's own (supervisors, administrators). */
    all: 'workorder:order:all',
  },
  /** 监督检查 (issue 17 §2): 检查管理. */
  inspection: {
    list: 'supervision:inspection:list',
    add: 'supervision:inspection:add',
    edit: 'supervision:inspection:edit',
    delete: 'supervision:inspection:delete',
    export: 'supervision:inspection:export',
  },
  /**
   * 监督检查 (issue 17 §3): 整改管理. `handle` is a department's answer on the staff page (its own department's
   * orders); `answer` is the supplier's 我的整改 (its own orders only).
   */
  rectification: {
    list: 'supervision:rectification:list',
    add: 'supervision:rectification:add',
    close: 'supervision:rectification:close',
    export: 'supervision:rectification:export',
    handle: 'supervision:rectification:handle',
    answer: 'supervision:rectification:answer',
  },
} as const;

/**
 * Refusals of the shared endpoints (pickers, table dictionaries, duplicate check) to a caller whose role does not
 * grant the data they serve (issue 12 §3).
 */
export const EXPOSURE_MESSAGES = {
  contactSearch: '无权按手机号或邮箱查询用户',
  contactColumn: (column: string) => `无权按字段“${column}”查询或排序`,
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermissionCode = Leaves<typeof PERMISSIONS>;
export type RouteAccess = typeof PUBLIC | typeof LOGIN | PermissionCode;

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.values(PERMISSIONS).flatMap(
  (group) => Object.values(group) as PermissionCode[],
);

/**
 * §6 grid codes: a grid given an auth prefix hides the column (or toolbar button) named by each code under it that
 * the user lacks. Only the web checks these (they guard no route): the 可编辑表格 demo's.
 */
export const GRID_AUTH = {
  demo: { prefix: 'demo:grid:', price: 'demo:grid:price', batchDelete: 'demo:grid:batch_delete' },
} as const;

/** Seeded usernames that count as administrators (§6: the admin list has three names). */
export const ADMIN_USERNAMES = ['admin', 'sysadmin', 'superadmin'] as const;
