/**
 * The zod-free half of notices, sign-ups and sealed bids (issue 14 §4–§6): codes, messages, the quote rules and
 * DTO types. The schemas are in procurement.ts (noticeSchema, signUpSchema, bidSchema).
 */

/** Notice status: '0' 草稿, '1' 已发布, '2' 已撤销. */
export const NOTICE_STATUS = { draft: '0', published: '1', revoked: '2' } as const;
export type NoticeStatus = (typeof NOTICE_STATUS)[keyof typeof NOTICE_STATUS];
export const NOTICE_STATUS_NAMES: Record<NoticeStatus, string> = { '0': '草稿', '1': '已发布', '2': '已撤销' };

/** Bid status: '1' 已提交, '2' 已撤回. */
export const BID_STATUS = { submitted: '1', withdrawn: '2' } as const;
export type BidStatus = (typeof BID_STATUS)[keyof typeof BID_STATUS];
export const BID_STATUS_NAMES: Record<BidStatus, string> = { '1': '已提交', '2': '已撤回' };

/** How a package is quoted: a price, or a 下浮率 (labour packages with lowerCoefficientType 1). */
export type QuoteKind = 'price' | 'rate';

/** Award letter kinds: 中标通知书 to the winner, 未中标通知书 to the other bidders. */
export const AWARD_LETTER_KIND = { win: 'win', lose: 'lose' } as const;
export type AwardLetterKind = (typeof AWARD_LETTER_KIND)[keyof typeof AWARD_LETTER_KIND];
export const AWARD_LETTER_KIND_NAMES: Record<AwardLetterKind, string> = { win: '中标', lose: '未中标' };
export const AWARD_LETTER_TITLES: Record<AwardLetterKind, string> = { win: '中标通知书', lose: '未中标通知书' };

export const PROCUREMENT_BID_API = {
  /** Staff: notices (crud-like) and the package's sign-ups, bids and opening record. */
  noticeList: '/purchase/notice/list',
  noticeQueryById: '/purchase/notice/queryById',
  noticeAdd: '/purchase/notice/add',
  noticeEdit: '/purchase/notice/edit',
  noticeDelete: '/purchase/notice/delete',
  noticePublish: '/purchase/notice/publish',
  noticeRevoke: '/purchase/notice/revoke',
  signUpList: '/purchase/signUp/list',
  bidList: '/purchase/bid/list',
  opening: '/purchase/bid/opening',
  /** Supplier side (userEnd 3): the announcement tabs, sign-up, own bids. */
  supplierNotices: '/purchaseannouncement/list',
  supplierNotice: '/purchaseannouncement/queryById',
  supplierSignUp: '/purchase/signUp/add',
  supplierSignUps: '/purchase/signUp/my',
  supplierBid: '/purchase/bid/submit',
  supplierBidWithdraw: '/purchase/bid/withdraw',
  supplierBids: '/purchase/bid/my',
  supplierBidById: '/purchase/bid/myById',
  /** Award letters (issue 14 §9): staff in their data scope; a supplier its own. */
  awardLetterList: '/purchase/awardLetter/list',
  awardLetterQueryById: '/purchase/awardLetter/queryById',
  awardLetterMy: '/purchase/awardLetter/my',
  awardLetterMyById: '/purchase/awardLetter/myById',
} as const;

/** The selection's timetable a 变更公告 may move (labels as the 选商准备 form shows them). */
export const TIMETABLE_FIELDS = {
  signUpStartTime: '报名开始时间',
  signUpEndTime: '报名截止时间',
  bidDeadline: '投标截止时间',
  openingTime: '开标时间',
} as const;
export type TimetableField = keyof typeof TIMETABLE_FIELDS;
export const TIMETABLE_FIELD_KEYS = Object.keys(TIMETABLE_FIELDS) as TimetableField[];
/** YYYY-MM-DD HH:mm:ss per field (null: not set). */
export type Timetable = Record<TimetableField, string | null>;

export const PROCUREMENT_BID_MESSAGES = {
  noticeNotFound: '公告不存在或已删除',
  noticeNotEditable: '只有草稿状态的公告可以修改或删除',
  noticeNotPublishable: '只有草稿状态的公告可以发布',
  noticeNotRevocable: '只有已发布的公告可以撤销',
  noticeRevokedNotCorrectable: '已撤销的公告不能更正',
  noticeRevokeSignedUp: '已有供应商报名，不能撤销采购公告，请发布变更公告或终止公告',
  noticeTypeStage: (type: string, stage: string) => `标包当前阶段「${stage}」不能发布${type}`,
  noticeFailedOnly: '只有流标的标包可以发布流标公告',
  noticeResultNormalOnly: '流标的标包请发布流标公告',
  timetableChangeOnly: '只有变更公告可以变更时间安排',
  timetablePast: (label: string, old: string) => `${label}（${old}）已过，不能变更`,
  timetableNotFuture: (label: string) => `新的${label}须晚于当前时间`,
  timetableUnset: '标包尚未设置时间安排，不能通过变更公告变更',
  noticeRevokeTimetable: '变更公告的时间变更已生效，不能撤销；如需调整请再发布变更公告',
  attachmentMissing: '附件不存在，请重新上传',
  signUpNotStarted: '报名尚未开始',
  signUpEnded: '报名已截止',
  signUpStage: (stage: string) => `标包当前阶段「${stage}」不能报名`,
  signUpDuplicate: '已报名该标包，无需重复报名',
  signUpRequired: '请先报名该标包',
  noPublishedNotice: '该标包尚未发布采购公告',
  packageClosed: '标包已终止或已重新采购，不能报名或投标',
  bidStage: (stage: string) => `标包当前阶段「${stage}」不能投标`,
  bidDeadlinePassed: '已过投标截止时间，不能提交、修改或撤回投标',
  bidNotFound: '投标不存在或已撤回',
  quoteRequired: '请填写报价',
  rateRequired: '该标包按下浮率报价，请填写下浮率',
  rateNotAllowed: '该标包按价格报价，请填写报价而不是下浮率',
  priceNotAllowed: '该标包按下浮率报价，请填写下浮率而不是报价',
  pricePositive: '报价须大于0',
  aboveFixedPrice: (limit: string) => `报价不能高于最高限价${limit}元`,
  rateRange: '下浮率须大于等于0且小于1',
  rateNeedsFixedPrice: '标包未设置最高限价，不能按下浮率报价',
  filesRequired: '请上传响应文件（PDF）',
  fileNotPdf: (name: string) => `响应文件「${name}」不是PDF文件`,
  fileNotOwn: '响应文件不存在或不是本人上传的，请重新上传',
  amountSealed: '开标前报价密封，不可查看',
  letterNotFound: '通知书不存在',
  success: '操作成功!',
} as const;

/** The package fields the quote rules read (PackageDto's names). */
export interface QuotePackage {
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
}

export type QuoteCheck =
  | { ok: true; kind: QuoteKind; price: string | null; rate: string | null; evaluatedPrice: string | null }
  | { ok: false; message: string };

const CENTS = (v: string) => Math.round(Number(v) * 100);

/**
 * The quote rules (pure; server and web): a labour package with lowerCoefficientType 1 is quoted by 下浮率 in
 * [0, 1) and its evaluated price is fixedPrice × (1 − rate), rounded to cents; every other package by a price
 * above 0 and not above fixedPrice (when set). Amounts are decimal strings; compared in cents.
 */
export function checkQuote(pkg: QuotePackage, input: { price?: string | null; rate?: string | null }): QuoteCheck {
  const M = PROCUREMENT_BID_MESSAGES;
  const price = input.price?.trim() || null;
  const rate = input.rate?.trim() || null;
  if (pkg.lowerCoefficientType === 1) {
    if (price) return { ok: false, message: M.priceNotAllowed };
    if (!rate) return { ok: false, message: M.rateRequired };
    const r = Number(rate);
    if (!Number.isFinite(r) || r < 0 || r >= 1) return { ok: false, message: M.rateRange };
    if (!pkg.fixedPrice) return { ok: false, message: M.rateNeedsFixedPrice };
    // fixedPrice × (1 − rate) in integer arithmetic: cents × (10000 − rate × 10000) / 10000, half up.
    const product = BigInt(CENTS(pkg.fixedPrice)) * BigInt(10000 - Math.round(r * 10000));
    const evaluated = (product + 5000n) / 10000n;
    const text = `${evaluated / 100n}.${String(evaluated % 100n).padStart(2, '0')}`;
    return { ok: true, kind: 'rate', price: null, rate: r.toFixed(4), evaluatedPrice: text };
  }
  if (rate) return { ok: false, message: M.rateNotAllowed };
  if (!price) return { ok: false, message: M.quoteRequired };
  const cents = CENTS(price);
  if (!Number.isFinite(cents) || cents <= 0) return { ok: false, message: M.pricePositive };
  if (pkg.fixedPrice && cents > CENTS(pkg.fixedPrice)) return { ok: false, message: M.aboveFixedPrice(pkg.fixedPrice) };
  const text = (cents / 100).toFixed(2);
  return { ok: true, kind: 'price', price: text, rate: null, evaluatedPrice: text };
}

export interface NoticeAttachmentDto {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

export interface NoticeDto {
  id: string;
  packageId: string;
  noticeType: string;
  title: string;
  content: string;
  attachments: NoticeAttachmentDto[];
  status: NoticeStatus;
  publishTime: string | null;
  publishBy: string | null;
  revokeTime: string | null;
  createBy: string | null;
  createTime: string;
  packageName: string;
  packageNo: string;
  purchaseName: string;
  purchaseCode: string;
  purchaseStage: number;
  /**
   * A 变更公告's timetable change: `after` as proposed (draft) or applied (published); `before` the package's
   * values when published, or its current values for a draft. Only the fields that change are listed.
   */
  timetableChange: { field: TimetableField; label: string; before: string | null; after: string | null }[] | null;
}

/** A published notice as a supplier sees it: with the package's window and the supplier's own sign-up/bid. */
export interface SupplierNoticeDto extends NoticeDto {
  purchaseCategory: string;
  signUpStartTime: string | null;
  signUpEndTime: string | null;
  bidDeadline: string | null;
  openingStartTime: string | null;
  fixedPrice: string | null;
  lowerCoefficientType: number | null;
  signedUp: boolean;
  bidStatus: BidStatus | null;
}

export interface SignUpDto {
  id: string;
  packageId: string;
  supplierId: string;
  supplierName: string;
  status: string;
  signUpTime: string;
  packageName?: string;
  purchaseName?: string;
  purchaseStage?: number;
  bidDeadline?: string | null;
  /** Staff lists: the supplier's standing warning (暂停：原因), issue 16. */
  supplierWarning?: string | null;
}

export interface BidFileDto {
  fileId: string;
  filePath: string;
  fileName: string;
  fileSize: number;
}

/** A bid. price/rate/evaluatedPrice are null for staff until the opening (sealed); the supplier sees their own. */
export interface BidDto {
  id: string;
  packageId: string;
  supplierId: string;
  supplierName: string;
  status: BidStatus;
  quoteKind: QuoteKind;
  price: string | null;
  rate: string | null;
  evaluatedPrice: string | null;
  sealed: boolean;
  files: BidFileDto[];
  revision: number;
  submitTime: string;
  updateTime: string | null;
  withdrawTime: string | null;
  openedTime: string | null;
  packageName?: string;
  purchaseName?: string;
  bidDeadline?: string | null;
  /** 我的投标: the award letter to the supplier (中标/未中标) once the package is awarded. */
  letterId?: string | null;
  letterType?: AwardLetterKind | null;
}

export interface OpeningEntryDto {
  bidId: string;
  supplierId: string;
  supplierName: string;
  quoteKind: QuoteKind;
  price: string | null;
  rate: string | null;
  evaluatedPrice: string | null;
  submitTime: string;
  fileCount: number;
}

export interface OpeningDto {
  id: string;
  packageId: string;
  openedTime: string;
  openedBy: string;
  bidderCount: number;
  minBidders: number;
  entries: OpeningEntryDto[];
}

/**
 * A 中标通知书 or 未中标通知书 as staff and the addressed supplier read it. letterNo is derived (no column):
 * ZB-<purchaseCode>-<packageNo> for the one winner, WZB-<purchaseCode>-<packageNo>-<nn> for the others, nn by
 * the order the letters were written. price is the winner's opened evaluated price (null on a 未中标 letter).
 */
export interface AwardLetterDto {
  id: string;
  letterNo: string;
  packageId: string;
  packageNo: string;
  packageName: string;
  purchaseCode: string;
  purchaseName: string;
  supplierId: string;
  supplierName: string;
  type: AwardLetterKind;
  price: string | null;
  sendTime: string;
  /** '1' once a user of the supplier has read it in the bell, else '0'. */
  readState: '0' | '1';
}
