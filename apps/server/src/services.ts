import type { AppConfig } from './config.ts';
import { type CallerOf, createCallers } from './core/caller.ts';
import { createLocalBus, createRedisBus, type InvalidationBus } from './core/invalidation.ts';
import { nowAndAfterTransaction } from './core/request-transaction.ts';
import type { Db } from './db/client.ts';
import { createOAuthSignIn, type OAuthSignIn } from './modules/platform/account/oauth.ts';
import { type AccountService, createAccountService } from './modules/platform/account/service.ts';
import {
  type AnnouncementAdminService,
  createAnnouncementAdminService,
} from './modules/platform/announcement/admin.ts';
import { setBellNotifier } from './modules/platform/announcement/bell.ts';
import { type AnnouncementService, createAnnouncementService } from './modules/platform/announcement/service.ts';
import { type AuditService, createAuditService } from './modules/platform/audit/service.ts';
import { type Captcha, createCaptcha } from './modules/platform/auth/captcha.ts';
import { type CasClient, createCasClient } from './modules/platform/auth/cas.ts';
import { createVerificationCodes } from './modules/platform/auth/codes.ts';
import { createHumanProof, type HumanProof } from './modules/platform/auth/human-proof.ts';
import { loadMessagingConfig } from './modules/platform/auth/senders/config.ts';
import { createMessageSender } from './modules/platform/auth/senders/message-sender.ts';
import { type AuthService, createAuthService } from './modules/platform/auth/service.ts';
import { createSessionStore, type SessionStore } from './modules/platform/auth/session.ts';
import type { SmsSender } from './modules/platform/auth/sms.ts';
import { createAuthCounters } from './modules/platform/auth/throttle.ts';
import { createTokenSigner, resolveTokenSecret } from './modules/platform/auth/token.ts';
import { type AccountWizardService, createAccountWizardService } from './modules/platform/auth/wizard.ts';
import { type CategoryService, createCategoryService } from './modules/platform/category/service.ts';
import { createDemoRequestService, type DemoRequestService } from './modules/platform/demo-request/service.ts';
import { createDepartService, type DepartService } from './modules/platform/depart/service.ts';
import { createDictAdminService, type DictAdminService } from './modules/platform/dict/admin.ts';
import { createDictService, type DictService } from './modules/platform/dict/service.ts';
import { createTableDict, type TableDict } from './modules/platform/dict/table-dict.ts';
import { createDuplicateService, type DuplicateService } from './modules/platform/duplicate/service.ts';
import { createExcelImporter } from './modules/platform/excel/import.ts';
import { createImportErrorStore, type ImportErrorStore } from './modules/platform/excel/service.ts';
import { createFileService, type FileService } from './modules/platform/file/service.ts';
import { createFileStorage } from './modules/platform/file/storage-config.ts';
import { createGatewayService, type GatewayService } from './modules/platform/gateway/service.ts';
import { createHealthService, type HealthService } from './modules/platform/health/service.ts';
import { createLogService, type LogService } from './modules/platform/log/service.ts';
import { createOnlineService, type OnlineService } from './modules/platform/online/service.ts';
import { createPermissionAdminService, type PermissionAdminService } from './modules/platform/permission/admin.ts';
import { createPermissionService, type PermissionService } from './modules/platform/permission/service.ts';
import { createPositionService, type PositionService } from './modules/platform/position/service.ts';
import { createQaService, type QaService } from './modules/platform/qa/service.ts';
import { createHandlerRegistry, JOB_HANDLERS } from './modules/platform/quartz/handlers/index.ts';
import { createQuartzScheduler, type QuartzScheduler } from './modules/platform/quartz/scheduler.ts';
import { createQuartzService, type QuartzService } from './modules/platform/quartz/service.ts';
import { createLocalRealtimeBus, createRedisRealtimeBus } from './modules/platform/realtime/bus.ts';
import { createRealtimeService, type RealtimeService } from './modules/platform/realtime/service.ts';
import { bellNotifier, bellOnRelease, offlineOnRevoke } from './modules/platform/realtime/wiring.ts';
import { createReportService, type ReportService } from './modules/platform/report/service.ts';
import { createReportSsoService, type ReportSsoService } from './modules/platform/report/sso.ts';
import { createRoleService, type RoleService } from './modules/platform/role/service.ts';
import { createRuleService, type RuleService } from './modules/platform/rule/service.ts';
import { createSuperQueryService, type SuperQueryService } from './modules/platform/super-query/service.ts';
import { createTenantService, type TenantService } from './modules/platform/tenant/service.ts';
import { createUserAdminService, type UserAdminService } from './modules/platform/user/admin.ts';
import { createUserService, type UserService } from './modules/platform/user/service.ts';
import { createWorkflowService, type WorkflowService } from './modules/platform/workflow/service.ts';
import { type AwardLetterService, createAwardLetterService } from './modules/procurement/bid/award-letters.ts';
import { escapeHtml } from './modules/procurement/bid/letters.ts';
import { type BidSeal, createBidSeal, resolveSealKey } from './modules/procurement/bid/seal.ts';
import { type BidService, createBidService } from './modules/procurement/bid/service.ts';
import { contractJobs } from './modules/procurement/contract/jobs.ts';
import { type ContractService, createContractService } from './modules/procurement/contract/service.ts';
import { createDashboardService, type DashboardService } from './modules/procurement/dashboard/service.ts';
import { createExpertService, type ExpertService } from './modules/procurement/expert/service.ts';
import { createSpecialListService, type SpecialListService } from './modules/procurement/lists/service.ts';
import { createNoticeService, type NoticeService } from './modules/procurement/notice/service.ts';
import { gridOnPlanEdit } from './modules/procurement/plan/realtime.ts';
import { createPlanService, type PlanService } from './modules/procurement/plan/service.ts';
import { procurementJobs } from './modules/procurement/project/jobs.ts';
import { createProjectService, type ProjectService } from './modules/procurement/project/service.ts';
import { createPackageStages, type PackageStages } from './modules/procurement/project/stage.ts';
import { applyTimetableChange } from './modules/procurement/project/timetable.ts';
import { createPurchaseService, type PurchaseService } from './modules/procurement/purchase/service.ts';
import { type ClarifyService, createClarifyService } from './modules/procurement/review/clarify.ts';
import { clarifyJobs } from './modules/procurement/review/clarify-job.ts';
import {
  createSupplierClarifyService,
  type SupplierClarifyService,
} from './modules/procurement/review/clarify-supplier.ts';
import { createDrawService, type DrawService } from './modules/procurement/review/draw.ts';
import { createReviewHooks, type ReviewHooks } from './modules/procurement/review/hooks.ts';
import { createLeaderReviewService, type LeaderReviewService } from './modules/procurement/review/leader.ts';
import { createQualificationService, type QualificationService } from './modules/procurement/review/qualification.ts';
import { registerResultHooks } from './modules/procurement/review/result.ts';
import { createReviewResultService, type ReviewResultService } from './modules/procurement/review/result-service.ts';
import { createReviewScoringService, type ReviewScoringService } from './modules/procurement/review/scoring.ts';
import { createReviewSignService, type ReviewSignService } from './modules/procurement/review/sign.ts';
import { createReviewTaskService, type ReviewTaskService } from './modules/procurement/review/tasks.ts';
import { createReviewVoteService, type ReviewVoteService } from './modules/procurement/review/vote.ts';
import { createLedgerService, type LedgerService } from './modules/procurement/settlement/ledger.ts';
import { createSettlementService, type SettlementService } from './modules/procurement/settlement/service.ts';
import {
  createSupplierDirectoryService,
  type SupplierDirectoryService,
} from './modules/procurement/supplier/directory.ts';
import {
  createSupplierRegisterService,
  registerUploadPurgeJob,
  type SupplierRegisterService,
} from './modules/procurement/supplier/register.ts';
import {
  createSupplierStandingService,
  type SupplierStandingService,
  supplierStandingJobs,
} from './modules/procurement/supplier/standing.ts';
import { createRecordHistoryService, type RecordHistoryService } from './modules/supervision/history/service.ts';
import { createInspectionService, type InspectionService } from './modules/supervision/inspection/service.ts';
import { supervisionJobs } from './modules/supervision/monitor/jobs.ts';
import { createMonitorService, type MonitorService } from './modules/supervision/monitor/service.ts';
import { type ProposeBlacklist, rectificationJobs } from './modules/supervision/rectification/jobs.ts';
import { createRectificationService, type RectificationService } from './modules/supervision/rectification/service.ts';
import { createWorkOrderService, type WorkOrderService } from './modules/supervision/workorder/service.ts';
import { createModifyTargets } from './modules/supervision/workorder/targets.ts';

/** Every service of the server, wired once here (the composition root). */
export interface Services {
  announcements: AnnouncementService;
  audit: AuditService;
  auth: AuthService;
  accountWizards: AccountWizardService;
  cas: CasClient | null;
  dicts: DictService;
  permissions: PermissionService;
  purchases: PurchaseService;
  purchasePlans: PlanService;
  /** 合同: drafted from an award, approved, signed by both sides, performed, changed, evaluated (issue 16). */
  contracts: ContractService;
  settlements: SettlementService;
  ledger: LedgerService;
  /** Issue 17 §5: the change history of business records (the trigger's rows). */
  recordHistory: RecordHistoryService;
  /** Issue 17 §4: 运维, 审核 (workflow work_order) and 修改 work orders. */
  workOrders: WorkOrderService;
  /** 监控中心 (issue 17 §1): risk signals materialised per tenant, the dashboard, the list and its export. */
  supervisionMonitor: MonitorService;
  purchaseProjects: ProjectService;
  /** The buyer's home dashboard (counts per stage, pending work, this week's openings, amounts by category). */
  procurementDashboard: DashboardService;
  /** The expert's workspace (issue 15 §3): own tasks, sign-in/avoidance/decline, identity, bid files. */
  reviewTasks: ReviewTaskService;
  /** 签字, 结束评审 and the review report PDF (issue 15 §9). */
  reviewSign: ReviewSignService;
  /** The special lists of §7: 采购文件记录, 采购清单, 标包明细. */
  procurementLists: SpecialListService;
  /** The package stage machine: the only place a stage changes; the review seam and the bid module's hooks. */
  packageStages: PackageStages;
  /** Procurement notices (采购公告, 变更公告, 结果公示, 流标公告, 终止公告). */
  notices: NoticeService;
  /** Sign-ups and sealed bids; its hooks are plugged into packageStages (opening, award). */
  bids: BidService;
  /** Reading the 中标/未中标通知书 the award sent (staff in their data scope, a supplier its own). */
  awardLetters: AwardLetterService;
  /** The buyer's draw of a package's review committee (issue 15 §2). */
  reviewDraw: DrawService;
  /** The review steps' seams (summarizing, changed): the result and the automatic clarifications listen. */
  reviewHooks: ReviewHooks;
  /** 评分: start scoring, the members' sheets, the last submission to 组长汇总 (issue 15 §6). */
  reviewScoring: ReviewScoringService;
  /** The leader's summary of the scores, returns for re-scoring, one item's drill-down. */
  reviewLeader: LeaderReviewService;
  /** 组长推选 and 资格/符合性审查 (issue 15 §4–§5). */
  reviewVote: ReviewVoteService;
  reviewQualification: QualificationService;
  /** 汇总, the result, 竞选核查 and the leader's confirmation (issue 15 §9). */
  reviewResults: ReviewResultService;
  /** 报价澄清 and quotation rounds: the committee's side (and the deadline job), the supplier's side. */
  reviewClarify: ClarifyService;
  supplierClarify: SupplierClarifyService;
  qa: QaService;
  /** The expert pool (专家库, issue 15 §1). */
  experts: ExpertService;
  /** Supplier self-registration and its admission (issue 16). */
  supplierRegister: SupplierRegisterService;
  /** 供应商名录 (issue 16). */
  supplierDirectory: SupplierDirectoryService;
  /** 合格供应商, 黑名单, certificates and the supplier's portal (issue 16). */
  supplierStanding: SupplierStandingService;
  /** 检查管理 (issue 17 §2). */
  inspections: InspectionService;
  /** 整改管理 and 我的整改 (issue 17 §3); the overdue job proposes through supplierStanding.blacklist. */
  rectifications: RectificationService;
  superQueries: SuperQueryService;
  importErrors: ImportErrorStore;
  sessions: SessionStore;
  users: UserService;
  userAdmin: UserAdminService;
  roles: RoleService;
  permissionAdmin: PermissionAdminService;
  departs: DepartService;
  online: OnlineService;
  account: AccountService;
  oauth: OAuthSignIn;
  announcementAdmin: AnnouncementAdminService;
  dictAdmin: DictAdminService;
  tableDict: TableDict;
  categories: CategoryService;
  logs: LogService;
  tenants: TenantService;
  positions: PositionService;
  gateway: GatewayService;
  rules: RuleService;
  duplicates: DuplicateService;
  quartz: QuartzService;
  files: FileService;
  reports: ReportService;
  reportSso: ReportSsoService;
  health: HealthService;
  /** The workflow engine and its reads (issue 13); business modules start processes and register handlers. */
  workflow: WorkflowService;
  demoRequests: DemoRequestService;
  /** Runs sys_quartz_job; server.ts starts and stops it (tests start their own). */
  scheduler: QuartzScheduler;
  /** Tells every instance's session and permission caches what changed (Redis when REDIS_URL is set). */
  invalidation: InvalidationBus;
  /** §4 push channels: this instance's sockets and the pushes every instance delivers (Redis when REDIS_URL is set). */
  realtime: RealtimeService;
  /** The caller of a request: codes, user end, data scope (shared endpoints, issue 12 §3–4). */
  callers: CallerOf;
  /** Single-use human proofs (slider; the captcha plugs in with addVerifier). */
  humanProof: HumanProof;
  /** JeecgBoot's image captcha (GET /sys/randomImage/{key}), one more kind of human proof. */
  captcha: Captcha;
  /** What the auth routes' request throttle needs: Redis when REDIS_URL is set, and the exempt sources. */
  throttle: { redisUrl: string | undefined; exempt: readonly string[] };
}

export interface ServiceOptions {
  db: Db;
  config: AppConfig;
  log: { info(msg: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  sms?: SmsSender;
}

export function createServices({ db, config, log, sms }: ServiceOptions): Services {
  const tokenSecret = resolveTokenSecret(config.tokenSecret, config.dataDir);
  const signer = createTokenSigner(tokenSecret);
  const audit = createAuditService({ db, logError: (err) => log.error(err, 'audit log write failed') });
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, log) : createLocalBus();
  // Told again when the request's transaction has ended: a cache reloaded in between would hold the old rows.
  const invalidation: InvalidationBus = {
    ...bus,
    publish: (event) => nowAndAfterTransaction(() => bus.publish(event)),
  };
  const sessions = createSessionStore({ db, signer, idleMs: config.tokenIdleMs, bus: invalidation });
  const realtime = createRealtimeService({
    bus: config.redisUrl
      ? createRedisRealtimeBus(config.redisUrl, log, config.realtimeChannel)
      : createLocalRealtimeBus(),
  });
  // Revoking all of a user's sessions (freeze, removal, password reset or recovery) also tells their open pages (§4).
  const offlineSessions = offlineOnRevoke(sessions, realtime);
  const dicts = createDictService({ db });
  const permissions = createPermissionService({ db, bus: invalidation });
  const importErrors = createImportErrorStore({ db });
  const importExcel = createExcelImporter({ db, importErrors, log });
  const packageStages = createPackageStages();
  const reviewHooks = createReviewHooks();
  registerResultHooks(reviewHooks, packageStages);
  const bidding: { projects?: ProjectService } = {};
  // Bids and round quotes are sealed with one key (a DATA_DIR file or BID_SEAL_KEY).
  const seal = createBidSeal(resolveSealKey(config.bidSealKey, config.dataDir));
  const { bids, notices } = createBidding(db, seal, packageStages, () => bidding.projects);
  const clarifyDeps = {
    seal,
    stages: packageStages,
    hooks: reviewHooks,
  };
  const reviewClarify = createClarifyService(db, clarifyDeps);
  reviewHooks.on('summarizing', (tx, event) => reviewClarify.onSummarizing(tx, event));
  const rules = createRuleService({ db });
  const workflow = createWorkflowService({ db });
  const files = createFileService({ db, storage: createFileStorage(config), maxBytes: config.uploadMaxBytes });
  const supplierRegister = createSupplierRegisterService({ db, files, workflow });
  // Filled once the supplier services exist: the overdue job's blacklist proposal goes through their own seam.
  const proposal: { blacklist?: ProposeBlacklist } = {};
  const jobHandlers = createHandlerRegistry([
    ...JOB_HANDLERS,
    ...procurementJobs(packageStages),
    ...clarifyJobs(reviewClarify),
    ...supplierStandingJobs(),
    registerUploadPurgeJob(supplierRegister),
    ...contractJobs(),
    ...supervisionJobs(),
    ...rectificationJobs(() => proposal.blacklist ?? null),
  ]);
  const purchasePlans = gridOnPlanEdit(createPlanService({ db, rules, workflow, importExcel }), realtime);
  const scheduler = createQuartzScheduler({ db, handlers: jobHandlers, log });
  const humanProof = createHumanProof({ db });
  const captcha = createCaptcha({
    db,
    humanProof,
    ...(config.onCaptchaIssued ? { onIssued: config.onCaptchaIssued } : {}),
  });
  const authCounters = createAuthCounters(db);
  const messaging = config.messaging ?? loadMessagingConfig(process.env, config.env === 'production');
  const sender = createMessageSender(messaging, { dataDir: config.dataDir, log: (m) => log.info(m), sms });
  const codes = createVerificationCodes({ db, counters: authCounters, sender });
  // Every bell message (sendBellMessage, workflow tasks) reloads its recipients' bells and sends e-mail copies.
  setBellNotifier(bellNotifier(realtime, sender, (err, msg) => log.error(err, msg)));
  const contracts = createContractService({ db, rules, workflow });
  const services: Services = {
    workflow,
    realtime,
    demoRequests: createDemoRequestService({ db, workflow }),
    captcha,
    announcements: createAnnouncementService({ db }),
    audit,
    auth: createAuthService({
      db,
      sessions,
      dicts,
      audit,
      codes,
      tokenIdleSeconds: Math.floor(config.tokenIdleMs / 1000),
      proof: humanProof,
      counters: authCounters,
      throttleExempt: config.throttleExempt,
    }),
    accountWizards: createAccountWizardService({
      db,
      codes,
      proof: humanProof,
      counters: authCounters,
      // A password recovered by the wizard ends every session; their open pages hear it at once (§4).
      sessions: offlineSessions,
      throttleExempt: config.throttleExempt,
      onSendError: (err) => log.error(err, 'verification message not sent'),
    }),
    cas: config.casServerUrl ? createCasClient(config.casServerUrl, config.casServiceUrl) : null,
    dicts,
    permissions,
    purchases: createPurchaseService({ db }),
    purchasePlans,
    contracts,
    settlements: createSettlementService({ db, workflow }),
    ledger: createLedgerService({ db }),
    supervisionMonitor: createMonitorService({ db }),
    purchaseProjects: createProjectService({ db, rules, plans: purchasePlans, stages: packageStages, workflow }),
    procurementDashboard: createDashboardService({ db, workflow }),
    reviewTasks: createReviewTaskService({ db }),
    reviewSign: createReviewSignService({
      db,
      stages: packageStages,
      files,
      log,
      reportFont: config.reviewReportFont,
    }),
    procurementLists: createSpecialListService({ db }),
    packageStages,
    notices,
    bids,
    reviewDraw: createDrawService(db),
    reviewHooks,
    reviewScoring: createReviewScoringService({ db, stages: packageStages, hooks: reviewHooks }),
    reviewLeader: createLeaderReviewService({ db }),
    reviewVote: createReviewVoteService({ db, stages: packageStages }),
    reviewQualification: createQualificationService({ db, stages: packageStages }),
    reviewResults: createReviewResultService({ db, hooks: reviewHooks }),
    reviewClarify,
    supplierClarify: createSupplierClarifyService(db, clarifyDeps),
    awardLetters: createAwardLetterService(db),
    recordHistory: createRecordHistoryService({ db }),
    workOrders: createWorkOrderService({ db, workflow, targets: createModifyTargets({ notices, contracts }) }),
    qa: createQaService({ db, dicts, importExcel }),
    experts: createExpertService({ db, importExcel }),
    supplierRegister,
    supplierDirectory: createSupplierDirectoryService({ db }),
    // One supplier_admission handler: the portal's change requests first, then registrations (see standing.ts).
    supplierStanding: createSupplierStandingService({
      db,
      workflow,
      admission: (tx, event) => supplierRegister.onAdmissionStatus(tx, event),
    }),
    inspections: createInspectionService({ db }),
    rectifications: createRectificationService({ db, workflow }),
    superQueries: createSuperQueryService({ db }),
    importErrors,
    sessions,
    users: createUserService({ db, invalidation }),
    userAdmin: createUserAdminService({ db, sessions: offlineSessions, permissions, importExcel }),
    roles: createRoleService({ db, permissions }),
    permissionAdmin: createPermissionAdminService({ db, permissions }),
    departs: createDepartService({ db, permissions }),
    online: createOnlineService({ db, idleMs: config.tokenIdleMs }),
    account: createAccountService({
      db,
      bus: invalidation,
      idleMs: config.tokenIdleMs,
      revoke: (id, reason) => sessions.revoke(id, reason),
    }),
    oauth: createOAuthSignIn(db, config, tokenSecret),
    announcementAdmin: bellOnRelease(createAnnouncementAdminService({ db }), realtime),
    dictAdmin: createDictAdminService({ db, dicts }),
    tableDict: createTableDict({ db }),
    categories: createCategoryService({ db }),
    logs: createLogService({ db }),
    tenants: createTenantService({ db }),
    positions: createPositionService({ db }),
    gateway: createGatewayService({ db }),
    rules,
    duplicates: createDuplicateService({ db }),
    quartz: createQuartzService({ db, scheduler, handlers: jobHandlers }),
    files,
    reports: createReportService({ db, dicts, log }),
    reportSso: createReportSsoService({ db, permissions, tokenSecret, externalUrl: config.reportSsoUrl }),
    health: createHealthService({ db }),
    scheduler,
    invalidation,
    callers: createCallers({ db, permissions }),
    humanProof,
    throttle: { redisUrl: config.redisUrl, exempt: config.throttleExempt },
  };
  bidding.projects = services.purchaseProjects;
  const blacklist = services.supplierStanding.blacklist;
  proposal.blacklist = async (actor, input) =>
    (
      await blacklist.add(
        { ...actor, realname: actor.username, orgCode: null },
        {
          supplierId: input.supplierId,
          reason: input.reason,
          scope: 'tenant',
          categories: [],
          startDate: input.startDate,
          endDate: null,
        },
      )
    ).id;
  return services;
}

/**
 * The bid side of procurement (notices, sign-ups, sealed bids): publishing a 采购公告 is the project module's
 * `publish` action; the stage service calls back at the opening (unseal), the award (letters) and a termination (终止公告).
 */
function createBidding(db: Db, seal: BidSeal, stages: PackageStages, projects: () => ProjectService | undefined) {
  const bids = createBidService({ db, seal });
  const notices = createNoticeService({
    db,
    // The project module's publish (selection preparation complete, then 1→2 through the stage service).
    publishPackage: async (actor, packageId) => {
      const service = projects();
      if (!service) throw new Error('project service not wired');
      await service.act(
        { tenantId: actor.tenantId, userId: actor.userId, username: actor.username, orgCode: null, scope: actor.scope },
        packageId,
        'publish',
        '发布采购公告',
      );
    },
    changeTimetable: (tx, actor, packageId, next) =>
      applyTimetableChange(tx, stages, { tenantId: actor.tenantId, packageId, username: actor.username, next }),
  });
  stages.setHooks({
    countValidBidders: (tx, tenantId, packageId) => bids.countValidBidders(tx, tenantId, packageId),
    onOpened: async (tx, pkg, actor) => {
      await bids.unsealBids(tx, pkg.tenantId, pkg.id, { minBidders: pkg.minBidders, actor: actor.username });
    },
    countValidBiddersMany: (tx, packageIds) => bids.countValidBiddersMany(tx, packageIds),
    onOpenedMany: (tx, pkgs) =>
      bids.unsealMany(
        tx,
        pkgs.map((p) => ({ tenantId: p.tenantId, packageId: p.id, minBidders: p.minBidders })),
      ),
    onAward: async (tx, pkg) => {
      await bids.onAward(tx, pkg.tenantId, pkg.id);
    },
    onTerminated: async (tx, pkg, reason) => {
      await notices.publishNew(
        tx,
        { tenantId: pkg.tenantId, userId: '', username: 'system' },
        {
          packageId: pkg.id,
          noticeType: 'terminate',
          title: `${pkg.purchaseName}（${pkg.packageName}）终止公告`,
          content: `<p>${escapeHtml(pkg.purchaseName)}（${escapeHtml(pkg.packageName)}）终止采购。${reason ? `原因：${escapeHtml(reason)}` : ''}</p>`,
        },
      );
    },
  });
  return { bids, notices };
}
