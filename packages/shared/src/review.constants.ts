/**
 * The zod-free half of the expert-review contract (issue 15): API paths (the spec's §7 paths verbatim, plus ours),
 * state codes and names with their transition lists, permissions used, limits, Chinese refusals and DTO types.
 * The zod schemas are in `review.ts`; the scoring engine and the draw in `review-scoring.ts` / `review-draw.ts`.
 */

/** API paths (base /aps). The §7 paths are copied verbatim, spellings included (addOrUpadte, campaigncreditcheck). */
export const REVIEW_API = {
  // §7: the expert's tasks and the purchase-information card.
  taskQueryById: '/procurementreview/procurementReview/queryTaskById',
  taskList: '/procurementreview/procurementReview/selectListTaskById',
  assetsTaskQueryById: '/purchaseassets/purchaseAssets/queryTaskById',
  identity: '/complianceReviewDetails/packageReviewItem/determineIdentityByPackageId',
  reviewItems: '/purchasereviewiteminstall/purchaseReviewItemInstall/queryReviewItems',
  // §7: the package's review steps.
  eligibleReviewEdit: '/purchasepackage/purchasePackage/eligibleReviewEdit',
  findFileByLaborId: '/purchasepackage/purchasePackage/findFileByLaborId',
  startScoreEdit: '/purchasepackage/purchasePackage/startScoreEdit',
  queryIsEndReviewById: '/purchasepackage/purchasePackage/queryIsEndReviewById',
  putReviewScoreEnd: '/purchasepackage/purchasePackage/putReviewScoreEnd',
  firstEnvelopeSave: '/packagefirstenvelopescoringreview/packageFirstEnvelopeScoringReview/saveData',
  scoringItemsList: '/packageoperationscore/packageOperationScore/getScoringItemsList',
  scoreSave: '/packageoperationscore/packageOperationScore/saveData',
  scoreSummary: '/reviewscoringlist/reviewScoringList/list',
  clarifyAdd: '/packageQuotationClarify/addData',
  clarifyEdit: '/packageQuotationClarify/editData',
  teamLeaderList: '/recommendteamleader/recommendTeamLeader/queryTeamLeaderListById',
  teamLeaderVote: '/recommendteamleader/recommendTeamLeader/editData',
  /** GET: the leader's summary (outliers per item); POST (ours, a GET never writes): return items for re-scoring. */
  leaderReview: '/recommendteamleader/recommendTeamLeader/leaderReview',
  reviewResults: '/recommendteamleader/recommendTeamLeader/getReviewResults',
  subclass: '/recommendteamleader/recommendTeamLeader/getSubclass',
  sign: '/recommendteamleader/recommendTeamLeader/editSign',
  assetsExpertEdit: '/purchaseExpertAssets/editData',
  assetsExpertSign: '/purchaseExpertAssets/editSign',
  checkPersonal: '/campaignpersonalcheck/campaignPersonalCheck/addOrUpadte',
  checkContract: '/campaigncontractcheck/campaignContractCheck/addOrUpadte',
  checkEquip: '/campaignequipcheck/campaignEquipCheck/addOrUpadte',
  checkCredit: '/campaigncreditcheck/campaigncreditcheck/addOrUpadte',
  laborCategoryByCode: '/laborperformancehistory/laborPerformanceHistory/selectCategoryByCode',
  // Ours: the expert's sign-in (with the avoidance declaration) and refusal, the leader's confirmation, report.
  taskSignIn: '/review/task/signIn',
  taskDecline: '/review/task/decline',
  resultConfirm: '/review/result/confirm',
  report: '/review/report',
  // Ours: the pool (专家库).
  expert: '/review/expert',
  expertList: '/review/expert/list',
  expertQueryById: '/review/expert/queryById',
  expertImport: '/review/expert/importExcel',
  expertExport: '/review/expert/exportXls',
  /** The add form's user picker: the tenant's expert-end users without a live profile. */
  expertUsers: '/review/expert/users',
  // Ours: the buyer's draw and supervision (评审管理).
  draw: '/review/draw',
  drawReplace: '/review/draw/replace',
  committee: '/review/committee',
  monitorList: '/review/monitor/list',
  monitorSummary: '/review/monitor/summary',
  // Ours: the supplier's side of 报价澄清 / 多轮报价.
  supplierClarifyList: '/review/clarify/my',
  supplierClarifyAnswer: '/review/clarify/answer',
  /** Ours: a package's clarifications and rounds as its committee sees them (the 报价澄清 page and the drawer). */
  clarifyPackage: '/packageQuotationClarify/queryByPackageId',
} as const;
export type ReviewApiKey = keyof typeof REVIEW_API;

/** The HTTP method of each path (the spec's for §7 paths). leaderReview is GET and POST (see above). */
export const REVIEW_API_METHODS: Record<ReviewApiKey, 'GET' | 'POST' | 'PUT' | 'DELETE' | 'GET+POST' | 'CRUD'> = {
  taskQueryById: 'GET',
  taskList: 'GET',
  assetsTaskQueryById: 'GET',
  identity: 'GET',
  reviewItems: 'GET',
  eligibleReviewEdit: 'POST',
  findFileByLaborId: 'POST',
  startScoreEdit: 'POST',
  queryIsEndReviewById: 'GET',
  putReviewScoreEnd: 'PUT',
  firstEnvelopeSave: 'POST',
  scoringItemsList: 'GET',
  scoreSave: 'POST',
  scoreSummary: 'GET',
  clarifyAdd: 'POST',
  clarifyEdit: 'PUT',
  teamLeaderList: 'GET',
  teamLeaderVote: 'PUT',
  leaderReview: 'GET+POST',
  reviewResults: 'GET',
  subclass: 'GET',
  sign: 'PUT',
  assetsExpertEdit: 'PUT',
  assetsExpertSign: 'PUT',
  checkPersonal: 'POST',
  checkContract: 'POST',
  checkEquip: 'POST',
  checkCredit: 'POST',
  laborCategoryByCode: 'GET',
  taskSignIn: 'POST',
  taskDecline: 'POST',
  resultConfirm: 'POST',
  report: 'GET',
  /** crudRoutes base: list, queryById, add, edit, delete, deleteBatch, exportXls. */
  expert: 'CRUD',
  expertList: 'GET',
  expertQueryById: 'GET',
  expertImport: 'POST',
  expertExport: 'GET',
  expertUsers: 'GET',
  draw: 'POST',
  drawReplace: 'POST',
  committee: 'GET',
  monitorList: 'GET',
  monitorSummary: 'GET',
  supplierClarifyList: 'GET',
  supplierClarifyAnswer: 'POST',
  clarifyPackage: 'GET',
};

/** Committee states, in order. The package stage each one runs in is COMMITTEE_STAGES. */
export const COMMITTEE_STATES = {
  drawn: '已抽取',
  electing: '组长推选',
  qualifying: '资格/符合性审查',
  scoring: '评分中',
  summarizing: '组长汇总',
  signing: '签字',
  ended: '评审结束',
} as const;
export type CommitteeState = keyof typeof COMMITTEE_STATES;
export const COMMITTEE_STATE_CODES = Object.keys(COMMITTEE_STATES) as CommitteeState[];
/** The package stage (purchaseStage) while the committee is in a state: 4|5 before the review starts. */
export const COMMITTEE_STAGES: Record<CommitteeState, readonly number[]> = {
  drawn: [4, 5],
  electing: [5],
  qualifying: [6],
  scoring: [7],
  summarizing: [8],
  signing: [8],
  ended: [9],
};

/** Member (task) states: the domain's 已抽取 → … → 已完成, plus the exits 回避 / 拒绝 and 已替换. */
export const MEMBER_STATES = {
  drawn: '已抽取',
  signed_in: '已签到',
  electing: '组长推选',
  qualifying: '资格审查',
  scoring: '评分',
  submitted: '已提交',
  summarizing: '组长汇总',
  signing: '签字',
  done: '已完成',
  avoided: '回避',
  declined: '拒绝',
  replaced: '已替换',
} as const;
export type MemberState = keyof typeof MEMBER_STATES;
export const MEMBER_STATE_CODES = Object.keys(MEMBER_STATES) as MemberState[];
/** Members who count (votes, majorities, signatures): everyone not out of the committee. */
export const MEMBER_OUT_STATES: readonly MemberState[] = ['avoided', 'declined', 'replaced'];
export const isActiveMember = (state: string): boolean => !(MEMBER_OUT_STATES as readonly string[]).includes(state);

export interface Transition<S extends string> {
  action: string;
  from: readonly S[];
  to: S;
}

/** THE committee machine: the server moves a committee only along these (in the package's row lock). */
export const COMMITTEE_TRANSITIONS: readonly Transition<CommitteeState>[] = [
  // Every member signed in (replacements included) → the vote opens.
  { action: 'allSignedIn', from: ['drawn'], to: 'electing' },
  // A leader is elected → stages.startReview (5→6), reviewStartTime.
  { action: 'leaderElected', from: ['electing'], to: 'qualifying' },
  // The leader's startScoreEdit once every verdict is in → stages.move('score') (6→7).
  { action: 'startScoring', from: ['qualifying'], to: 'scoring' },
  // The last member submits their sheets → stages.move('summarize') (7→8).
  { action: 'allSubmitted', from: ['scoring'], to: 'summarizing' },
  // A return for re-scoring keeps the stage (8) and the committee state; the member goes back to 'scoring'.
  // The leader confirms the result (after clarifications, rounds and campaign checks) → members sign.
  { action: 'confirmResult', from: ['summarizing'], to: 'signing' },
  // putReviewScoreEnd once every active member signed → stages.completeReview (→9, reviewStopTime).
  { action: 'end', from: ['signing'], to: 'ended' },
  // Valid bidders below the minimum after qualification, a clarification or a campaign check → 流标 (→9 '0').
  { action: 'fail', from: ['qualifying', 'scoring', 'summarizing'], to: 'ended' },
];

/** THE member (task) machine. */
export const MEMBER_TRANSITIONS: readonly Transition<MemberState>[] = [
  { action: 'signIn', from: ['drawn'], to: 'signed_in' },
  { action: 'avoid', from: ['drawn'], to: 'avoided' },
  { action: 'decline', from: ['drawn'], to: 'declined' },
  { action: 'replace', from: ['avoided', 'declined'], to: 'replaced' },
  { action: 'openVote', from: ['signed_in'], to: 'electing' },
  { action: 'leaderElected', from: ['electing'], to: 'qualifying' },
  { action: 'startScoring', from: ['qualifying'], to: 'scoring' },
  { action: 'submit', from: ['scoring'], to: 'submitted' },
  // Also for one member alone: a returned member who re-submits while the committee is summarizing.
  { action: 'allSubmitted', from: ['submitted'], to: 'summarizing' },
  { action: 'returnForRescore', from: ['submitted', 'summarizing'], to: 'scoring' },
  { action: 'confirmResult', from: ['summarizing'], to: 'signing' },
  { action: 'sign', from: ['signing'], to: 'done' },
  // The committee failed (流标): every open task closes.
  {
    action: 'close',
    from: ['signed_in', 'electing', 'qualifying', 'scoring', 'submitted', 'summarizing', 'signing'],
    to: 'done',
  },
];

function findTransition<S extends string>(table: readonly Transition<S>[], action: string, from: string) {
  return table.find((t) => t.action === action && (t.from as readonly string[]).includes(from));
}
/** The committee state after an action, or null when the machine refuses it. */
export const nextCommitteeState = (action: string, from: string): CommitteeState | null =>
  findTransition(COMMITTEE_TRANSITIONS, action, from)?.to ?? null;
/** The member state after an action, or null when the machine refuses it. */
export const nextMemberState = (action: string, from: string): MemberState | null =>
  findTransition(MEMBER_TRANSITIONS, action, from)?.to ?? null;

export const MEMBER_KINDS = { expert: '评审专家', purchaser_rep: '采购人代表' } as const;
export type MemberKind = keyof typeof MEMBER_KINDS;

/** determineIdentityByPackageId: the caller's place on the package's committee. */
export const REVIEW_IDENTITIES = {
  leader: '评审组长',
  member: '评审成员',
  purchaser_rep: '采购人代表',
  none: '非评审成员',
} as const;
export type ReviewIdentity = keyof typeof REVIEW_IDENTITIES;

export const QUALIFICATION_OUTCOMES = { pending: '待审查', passed: '通过', failed: '不通过' } as const;
export type QualificationOutcome = keyof typeof QUALIFICATION_OUTCOMES;

export const INVALID_REASONS = {
  qualification: '资格/符合性审查未通过',
  clarification: '报价澄清未通过',
  price_limit: '报价超过最高限价',
  campaign_check: '竞选核查未通过',
} as const;
export type InvalidReason = keyof typeof INVALID_REASONS;

/** Scoring sheets: 1 the technical envelope of a two-envelope procedure, 2 the full sheet. */
export const SCORE_ENVELOPES = { 1: '第一信封（技术）', 2: '评分表' } as const;
export type ScoreEnvelope = keyof typeof SCORE_ENVELOPES;
export const SCORE_STATES = { draft: '草稿', submitted: '已提交', returned: '退回重评' } as const;
export type ScoreState = keyof typeof SCORE_STATES;

export const CLARIFICATION_KINDS = { clarify: '报价澄清', round: '多轮报价' } as const;
export type ClarificationKind = keyof typeof CLARIFICATION_KINDS;
export const CLARIFICATION_STATES = {
  open: '待答复',
  answered: '已答复',
  accepted: '已接受',
  rejected: '已拒绝',
  unanswered: '逾期未答复',
} as const;
export type ClarificationState = keyof typeof CLARIFICATION_STATES;
/** The committee's decisions on an answered clarification (unanswered is set by the deadline, not decided). */
export const CLARIFICATION_DECISIONS = ['accepted', 'rejected'] as const;

/** The four campaign checks: the kind is the path (personal, contract, equip, credit). */
export const CAMPAIGN_CHECK_KINDS = {
  personal: '人员核查',
  contract: '合同业绩核查',
  equip: '设备核查',
  credit: '信用核查',
} as const;
export type CampaignCheckKind = keyof typeof CAMPAIGN_CHECK_KINDS;
export const CAMPAIGN_CHECK_KIND_CODES = Object.keys(CAMPAIGN_CHECK_KINDS) as CampaignCheckKind[];
/** Which path checks which kind. */
export const CAMPAIGN_CHECK_PATHS: Record<CampaignCheckKind, string> = {
  personal: REVIEW_API.checkPersonal,
  contract: REVIEW_API.checkContract,
  equip: REVIEW_API.checkEquip,
  credit: REVIEW_API.checkCredit,
};
export const CHECK_RESULTS = { pass: '通过', fail: '不通过' } as const;
export type CheckResult = keyof typeof CHECK_RESULTS;
export const CHECK_OUTCOMES = { pending: '待核查', passed: '通过', failed: '不通过' } as const;

export const SIGN_OPINIONS = { agree: '同意', dissent: '不同意' } as const;
export type SignOpinion = keyof typeof SIGN_OPINIONS;

/** The price points P: every package's total is 100, so P = 100 − Σ the scoring items' maxima. */
export const REVIEW_TOTAL_POINTS = 100;
/** P for a package's scoring item maxima (2-decimal values), in integer cents so no float rounding creeps in. */
export function pricePointsOf(maxScores: readonly (string | number | null)[]): string {
  const cents = maxScores.reduce<number>((sum, m) => sum + Math.round(Number(m ?? 0) * 100), 0);
  const left = REVIEW_TOTAL_POINTS * 100 - cents;
  if (left < 0) return '0.00';
  return `${Math.trunc(left / 100)}.${String(left % 100).padStart(2, '0')}`;
}

/** A clarification is opened for a quote more than this fraction below the mean of valid quotes. */
export const CLARIFICATION_THRESHOLD_TEXT = '20%';
/** The default time a supplier has to answer (hours), when the leader gives no deadline. */
export const CLARIFICATION_DEFAULT_HOURS = 24;

/**
 * The leader's summary (leaderReview GET) marks an item of a bidder whose scores spread (max − min) by more than
 * this fraction of the item's maximum: the usual reason to return it for re-scoring.
 */
export const LEADER_SPREAD_ALERT = 0.2;

/** The declaration an expert signs at sign-in (回避声明). */
export const AVOIDANCE_DECLARATION =
  '本人承诺：与本次采购的投标人不存在利害关系（含任职、持股、近亲属关系及近三年劳动关系等），' +
  '将依法依规独立、客观、公正地履行评审职责，对评审过程和结果保密。如存在应当回避的情形，本人将主动申请回避。';

export const REVIEW_LIMITS = {
  reason: 500,
  note: 500,
  question: 2000,
  answer: 2000,
  findings: 2000,
  remarks: 500,
  name: 100,
  specialities: 20,
  avoidances: 50,
  files: 20,
  /** Rows of one qualification save (bids × items) and of one sheet (items). */
  verdicts: 5000,
  sheetItems: 200,
  returns: 500,
  committeeMax: 49,
  maxScore: 100,
} as const;

/** Refusals (Chinese). The scoring engine's own messages are REVIEW_SCORING_MESSAGES (review-scoring.ts). */
export const REVIEW_MESSAGES = {
  taskNotFound: '评审任务不存在或已删除',
  committeeNotFound: '该标包尚未抽取评审专家',
  committeeExists: '该标包已抽取评审专家',
  notOnCommittee: '您不是该标包评审委员会成员',
  memberOut: (state: string) => `您在本次评审中的状态为「${state}」，不能再操作`,
  wrongStage: (stage: string, action: string) => `标包当前阶段「${stage}」不能执行「${action}」`,
  wrongCommitteeState: (state: string, action: string) => `评审当前状态「${state}」不能执行「${action}」`,
  wrongMemberState: (state: string, action: string) => `评审任务当前状态「${state}」不能执行「${action}」`,
  drawStage: '只有待开标或已开标的标包可以抽取评审专家',
  drawSizeRequired: '请填写评审委员会人数',
  repNotStaff: '采购人代表须为本租户的员工用户',
  repIsExpert: '采购人代表不能同时是抽取的评审专家',
  repNoTaskAccess: '采购人代表须拥有评审任务权限，请先为其分配评审专家角色',
  replaceNotNeeded: '只有回避或拒绝的专家需要补抽',
  notSignedIn: '请先签到并签署回避声明',
  alreadySignedIn: '您已签到',
  declarationRequired: '请阅读并同意回避声明',
  conflictNoteRequired: '申请回避须说明回避事由',
  alreadyVoted: '本轮您已投票，不能重复投票',
  repCannotLead: '采购人代表不能担任评审组长',
  notCandidate: '该成员不是本轮组长候选人',
  voteTie: (round: number) => `第${round}轮推选出现平票，请在得票最多的成员中重新投票`,
  leaderNotElected: '评审组长尚未推选',
  notLeader: '只有评审组长可以执行该操作',
  bidNotReviewed: '该投标不在本次评审范围内',
  itemNotQualification: '该评审项不是资格/符合性审查项',
  itemNotScoring: '该评审项不是评分项',
  reasonRequired: '审查不通过须填写理由',
  qualificationIncomplete: (n: number) => `尚有${n}项资格/符合性审查未完成，不能开始评分`,
  scoreFormat: '评分须为不超过三位小数的非负数',
  scoreOutOfRange: (item: string, max: string) => `“${item}”的评分须在0～${max}之间`,
  scoreMissing: (item: string) => `“${item}”尚未评分，不能提交`,
  sheetSubmitted: '评分表已提交，不能修改（组长退回的评分项除外）',
  envelopeWrong: '该标包不是两阶段（双信封）评审，不能单独提交第一信封评分',
  returnNoteRequired: '退回重评须填写说明',
  notSubmitted: '只能退回已提交的评分',
  clarificationNotFound: '报价澄清不存在或已删除',
  clarificationOpen: '该投标已有待答复的报价澄清',
  clarificationNotOpen: '该报价澄清已答复或已关闭',
  clarificationNotAnswered: '供应商尚未答复，不能作出决定',
  clarificationDeadline: '澄清截止时间须晚于当前时间',
  clarificationPast: '已过澄清截止时间，不能再答复',
  clarificationNotYours: '该报价澄清不属于您的投标',
  noRounds: '该标包为一次报价（评分方式3），不进行多轮报价',
  roundOutOfRange: (max: number) => `报价轮次须为2到${max}`,
  roundQuoteRequired: '多轮报价须填写本轮报价',
  roundOpen: '上一轮报价尚未结束，不能开启新一轮报价',
  roundQuoteAboveEarlier: '本轮报价不得高于您上一轮的报价',
  roundNoDecision: '多轮报价在本轮结束时统一开启，无需组长决定',
  bidInvalid: '该投标已无效，不能发起报价澄清',
  notSupplier: '当前账号未关联供应商，不能答复报价澄清',
  /** The question of an automatic 报价澄清 (a quote more than 20 % below the mean of valid quotes). */
  autoClarifyQuestion:
    '您的报价低于有效投标人报价平均值20%以上，请说明报价的合理性（成本构成、履约能力等），并提供相关证明材料。',
  clarificationsPending: '尚有未决定的报价澄清或未结束的报价轮次，不能确认评审结果',
  rescorePending: '尚有退回重评的评分未提交，不能确认评审结果',
  notCandidateBid: '只能核查推荐的中标候选人',
  resultNotReady: '评审结果尚未计算完成（评分不完整），不能确认评审结果',
  noCandidate: '没有推荐的中标候选人，不能确认评审结果',
  findingsRequired: '核查不通过须填写核查情况',
  dissentReason: '不同意评审结论须填写理由',
  alreadySigned: '您已签字，不能重复签字',
  signaturesMissing: (n: number) => `尚有${n}名评审成员未签字，不能结束评审`,
  assetsOnly: '该标包不是物资/资产类采购，请使用评审报告签字',
  resultMissing: '评审结果尚未确认，不能结束评审',
  reportFontMissing: '服务器缺少中文字体（fonts-noto-cjk），无法生成评审报告，请联系管理员安装',
  reviewEnded: '评审已结束，不能再修改',
  reviewNotEnded: '评审尚未结束',
  expertNotFound: '专家不存在或已删除',
  expertExists: '该用户已有专家档案',
  expertUserEnd: '只有专家端用户可以建立专家档案',
  expertSpecialityUnknown: (code: string) => `专业分类「${code}」不存在`,
  expertHasTasks: '该专家有进行中的评审任务，不能删除',
  expertUserUnknown: '专家用户不存在或不属于本租户',
  expertAvoidSupplierUnknown: '回避的供应商不存在',
  success: '操作成功!',
} as const;

/** sys_user.user_end of an expert (专家端): only such a user can have a profile in the pool. */
export const EXPERT_USER_END = '2';
/** A user the add form may pick (REVIEW_API.expertUsers). */
export interface ExpertUserOption {
  id: string;
  username: string;
  realname: string;
}
/** The pool's export sheet; an import reads the same headers back (用户账号 is the key). */
export const EXPERT_EXCEL_HEADERS = {
  username: '用户账号',
  realname: '姓名',
  specialities: '专业分类编码',
  specialityNames: '专业分类',
  region: '地区',
  title: '职称',
  employer: '工作单位',
  avoidCompanies: '回避单位',
  status: '状态',
  remarks: '备注',
  createTime: '创建时间',
} as const;
/** An imported row whose user already has a profile updates it (a re-imported export does not double it). */
export const EXPERT_IMPORT_EXISTING = {
  policy: 'update',
  text: '用户账号已有专家档案的行，更新该档案的专业、地区、职称、工作单位、回避单位、状态和备注。',
} as const;

export type * from './review-dto.ts';
