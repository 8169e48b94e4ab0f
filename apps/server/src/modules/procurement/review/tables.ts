/**
 * The expert review (issue 15): a package's committee, its members (an expert's task), the leader vote, the
 * qualification verdicts, the scores, clarifications and quotation rounds, campaign checks and the result.
 * State codes and their Chinese names are in packages/shared/src/review.constants.ts; the CHECK constraints below
 * are built from those code lists, so that no write path can store a state the machines do not know (a new code
 * there changes a constraint here, and db:generate writes the migration).
 * Unique indexes make every double action impossible (a second vote, score, verdict or check is an upsert or a
 * refusal, never a second row). The package's review times stay on purchase_package (reviewStartTime/StopTime).
 */
import {
  CAMPAIGN_CHECK_KIND_CODES,
  CHECK_OUTCOMES,
  CHECK_RESULTS,
  CLARIFICATION_KINDS,
  CLARIFICATION_STATES,
  COMMITTEE_STATE_CODES,
  type DrawRequirement,
  INVALID_REASONS,
  MEMBER_KINDS,
  MEMBER_STATE_CODES,
  type PoolExpert,
  QUALIFICATION_OUTCOMES,
  SCORE_STATES,
  SIGN_OPINIONS,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sysFile } from '../../platform/file/tables.ts';
import { sysTenant, sysUser } from '../../platform/system/tables.ts';
import type { BidFile } from '../bid/tables.ts';
import { purchaseBid } from '../bid/tables.ts';
import { expertProfile } from '../expert/tables.ts';
import { purchasePackage, purchaseReviewItem } from '../project/tables.ts';
import { supplier } from '../supplier/tables.ts';

const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => sysTenant.id);
const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updateTime = () => timestamp('update_time', { withTimezone: true });
/** `column IN ('a', 'b')` from a shared code list (fixed identifiers and codes, never request input). */
const inList = (column: string, codes: readonly string[] | Record<string, string>) =>
  sql.raw(`${column} IN (${(Array.isArray(codes) ? codes : Object.keys(codes)).map((c) => `'${c}'`).join(', ')})`);

/** The references every review table repeats (the committee's rows go with it). */
const committeeRef = () =>
  uuid('committee_id')
    .notNull()
    .references(() => reviewCommittee.id, { onDelete: 'cascade' });
const packageRef = () =>
  uuid('package_id')
    .notNull()
    .references(() => purchasePackage.id);
const bidRef = () =>
  uuid('bid_id')
    .notNull()
    .references(() => purchaseBid.id);
const supplierRef = () =>
  uuid('supplier_id')
    .notNull()
    .references(() => supplier.id);
const memberRef = (name: string) =>
  uuid(name)
    .notNull()
    .references((): AnyPgColumn => reviewMember.id);
/** One member's judgement of one bid on one review item: the key of the verdicts and the scores. */
const memberBidItem = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: tenantId(),
  committeeId: committeeRef(),
  memberId: memberRef('member_id'),
  bidId: bidRef(),
  itemId: uuid('item_id')
    .notNull()
    .references(() => purchaseReviewItem.id),
});

/**
 * A draw's audit trail: the pool and the requirement exactly as drawExperts saw them (profiles and supplier names
 * change later, so a replay must not read today's), the seeded order and who was left out, and why.
 */
export interface DrawAudit {
  pool: PoolExpert[];
  requirement: DrawRequirement;
  order: string[];
  excluded: { expertId: string; reason: string }[];
}

/**
 * The review committee (评审委员会) of a package: one per package (a rebid is a new package, hence a new committee).
 * size = the drawn experts (odd, ≥ 5 for tenders, ≥ 3 otherwise: drawExperts' committeeSizeError); an optional
 * purchaser representative sits beside them as one more member.
 */
export const reviewCommittee = pgTable(
  'review_committee',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    packageId: packageRef(),
    size: integer('size').notNull(),
    /** The draw's speciality codes (from the package's expertSpecialities at the time of the draw). */
    specialities: text('specialities').array().notNull().default(sql`'{}'::text[]`),
    /** The recorded seed: drawExperts(pool, requirement, seed) replays the committee. */
    drawSeed: text('draw_seed').notNull(),
    drawAudit: jsonb('draw_audit').$type<DrawAudit>().notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull().defaultNow(),
    drawnBy: text('drawn_by').notNull(),
    /** An optional purchaser representative (a staff user); also a member row of kind 'purchaser_rep'. */
    purchaserRepUserId: uuid('purchaser_rep_user_id').references(() => sysUser.id),
    leaderMemberId: uuid('leader_member_id').references((): AnyPgColumn => reviewMember.id),
    /** The current vote round (1, then +1 per tie). */
    leaderVoteRound: integer('leader_vote_round').notNull().default(1),
    /** Member ids a tie-break round is restricted to; empty = every member but the purchaser representative. */
    leaderCandidates: uuid('leader_candidates').array().notNull().default(sql`'{}'::uuid[]`),
    /** COMMITTEE_STATES. */
    state: text('state').notNull().default('drawn'),
    stateTime: timestamp('state_time', { withTimezone: true }).notNull().defaultNow(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_committee_package_uq').on(t.packageId),
    index('review_committee_state_idx').on(t.tenantId, t.state, t.drawnAt.desc().nullsFirst()),
    check('review_committee_size_ck', sql`size > 0 AND size % 2 = 1`),
    check('review_committee_state_ck', inList('state', COMMITTEE_STATE_CODES)),
  ],
);

/**
 * A committee member = an expert's review task (评审任务). kind 'expert' (expert_id set) or 'purchaser_rep'.
 * The task state runs MEMBER_STATES; a declined or avoiding member is replaced by a new row (replaces_member_id),
 * and the old row ends in 'replaced'. The report signature lives on the row: one signature per member.
 */
export const reviewMember = pgTable(
  'review_member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    /** Denormalised from the committee: the task list and the identity check read by (user, package). */
    packageId: packageRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id),
    expertId: uuid('expert_id').references(() => expertProfile.id),
    kind: text('kind').notNull().default('expert'),
    /** 1-based position in the draw's seeded order (null for the purchaser representative). */
    drawSequence: integer('draw_sequence'),
    state: text('state').notNull().default('drawn'),
    stateTime: timestamp('state_time', { withTimezone: true }).notNull().defaultNow(),
    signInTime: timestamp('sign_in_time', { withTimezone: true }),
    /** The avoidance declaration text as signed at sign-in (回避声明), or the declared conflict for 回避. */
    avoidanceDeclaration: text('avoidance_declaration'),
    /** Why a member declined (拒绝) or avoided (回避). */
    declineReason: text('decline_reason'),
    replacesMemberId: uuid('replaces_member_id').references((): AnyPgColumn => reviewMember.id),
    replacedByMemberId: uuid('replaced_by_member_id').references((): AnyPgColumn => reviewMember.id),
    /** Every scoring sheet submitted (已提交). */
    submitTime: timestamp('submit_time', { withTimezone: true }),
    /** Report signature (签字): time, agree/dissent and the dissent's written reason. */
    signTime: timestamp('sign_time', { withTimezone: true }),
    signOpinion: text('sign_opinion'),
    dissentReason: text('dissent_reason'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // A user sits once on a committee (a replaced expert is not drawn again for it).
    uniqueIndex('review_member_user_uq').on(t.committeeId, t.userId),
    // An expert's tasks by state (评审任务), newest first; the identity check by (user, package).
    index('review_member_user_state_idx').on(t.tenantId, t.userId, t.state, t.createTime.desc().nullsFirst()),
    index('review_member_user_package_idx').on(t.userId, t.packageId),
    // The committee in draw order.
    index('review_member_committee_idx').on(t.committeeId, t.drawSequence),
    check('review_member_kind_ck', inList('kind', MEMBER_KINDS)),
    check('review_member_expert_ck', sql`(kind = 'expert') = (expert_id IS NOT NULL)`),
    check('review_member_state_ck', inList('state', MEMBER_STATE_CODES)),
    check('review_member_opinion_ck', sql`sign_opinion IS NULL OR ${inList('sign_opinion', SIGN_OPINIONS)}`),
    check('review_member_signed_ck', sql`(sign_time IS NULL) = (sign_opinion IS NULL)`),
    check(
      'review_member_dissent_ck',
      sql`sign_opinion IS DISTINCT FROM 'dissent' OR length(btrim(coalesce(dissent_reason, ''))) > 0`,
    ),
  ],
);

/** One leader vote (组长推选): per committee, round and voter exactly one; a tie opens round n + 1 among the tied. */
export const reviewLeaderVote = pgTable(
  'review_leader_vote',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    round: integer('round').notNull(),
    voterMemberId: memberRef('voter_member_id'),
    candidateMemberId: memberRef('candidate_member_id'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('review_leader_vote_uq').on(t.committeeId, t.round, t.voterMemberId),
    index('review_leader_vote_count_idx').on(t.committeeId, t.round, t.candidateMemberId),
  ],
);

/**
 * The committee's decided outcome per bid (the bidders under review): the qualification majority, validity and
 * why not, clarification, the evaluated price after rounds, the engine's total and rank, candidate and campaign
 * check. One row per committee and bid, created when the review starts (the package's submitted bids).
 */
export const reviewBid = pgTable(
  'review_bid',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    packageId: packageRef(),
    bidId: bidRef(),
    supplierId: supplierRef(),
    /** QUALIFICATION_OUTCOMES: pending until every active member has judged every item, then passed/failed. */
    qualification: text('qualification').notNull().default('pending'),
    valid: boolean('valid').notNull().default(true),
    /** INVALID_REASONS: qualification, clarification (rejected/unanswered), price_limit, campaign_check. */
    invalidReason: text('invalid_reason'),
    invalidNote: text('invalid_note'),
    /** CLARIFICATION_STATES of the bid's latest 报价澄清, or 'none'. */
    clarification: text('clarification').notNull().default('none'),
    /** The evaluated price the engine uses: the opening's, then the last quotation round's. */
    evaluatedPrice: numeric('evaluated_price', { precision: 18, scale: 2 }),
    totalScore: numeric('total_score', { precision: 8, scale: 2 }),
    finalRank: integer('final_rank'),
    candidate: boolean('candidate').notNull().default(false),
    /** CHECK_OUTCOMES over the four campaign checks: pending, passed (all four), failed (any). */
    campaignCheck: text('campaign_check').notNull().default('pending'),
    /** The recorded draw order among tied bidders (the engine's last tie-break). */
    tieDrawOrder: integer('tie_draw_order'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_bid_uq').on(t.committeeId, t.bidId),
    index('review_bid_package_idx').on(t.packageId, t.finalRank),
    index('review_bid_supplier_idx').on(t.tenantId, t.supplierId),
    check('review_bid_qualification_ck', inList('qualification', QUALIFICATION_OUTCOMES)),
    check('review_bid_campaign_ck', inList('campaign_check', CHECK_OUTCOMES)),
    check('review_bid_clarification_ck', inList('clarification', ['none', ...Object.keys(CLARIFICATION_STATES)])),
    check(
      'review_bid_invalid_ck',
      sql`(valid AND invalid_reason IS NULL) OR (NOT valid AND invalid_reason IS NOT NULL AND ${inList('invalid_reason', INVALID_REASONS)})`,
    ),
  ],
);

/** A member's pass/fail with a reason per bid and qualification/compliance item (资格/符合性审查). */
export const reviewQualification = pgTable(
  'review_qualification',
  {
    ...memberBidItem(),
    pass: boolean('pass').notNull(),
    /** Required when pass is false (the schema and the CHECK agree). */
    reason: text('reason'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_qualification_uq').on(t.memberId, t.bidId, t.itemId),
    index('review_qualification_bid_idx').on(t.committeeId, t.bidId, t.itemId),
    check('review_qualification_reason_ck', sql`pass OR length(btrim(coalesce(reason, ''))) > 0`),
  ],
);

/**
 * A member's score per bid and scoring item (评分). state: draft → submitted (read-only) → returned (the leader's
 * note, re-scoring) → submitted. envelope: 1 the technical envelope of a two-envelope procedure, 2 the full sheet.
 */
export const reviewScore = pgTable(
  'review_score',
  {
    ...memberBidItem(),
    envelope: smallint('envelope').notNull().default(2),
    /** Null while a draft leaves it empty; submission refuses a missing or out-of-range score. */
    score: numeric('score', { precision: 6, scale: 3 }),
    /** Optional comment of the expert (评分说明). */
    comment: text('comment'),
    state: text('state').notNull().default('draft'),
    returnNote: text('return_note'),
    returnedBy: uuid('returned_by').references(() => reviewMember.id),
    returnTime: timestamp('return_time', { withTimezone: true }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_score_uq').on(t.memberId, t.bidId, t.itemId),
    // The summary: every score of a committee by bid and item; a member's sheet.
    index('review_score_summary_idx').on(t.committeeId, t.bidId, t.itemId),
    index('review_score_member_idx').on(t.memberId, t.bidId),
    check('review_score_state_ck', inList('state', SCORE_STATES)),
    check('review_score_envelope_ck', sql`envelope IN (1, 2)`),
    check('review_score_range_ck', sql`score IS NULL OR score >= 0`),
    check('review_score_submitted_ck', sql`state <> 'submitted' OR score IS NOT NULL`),
    check('review_score_returned_ck', sql`state <> 'returned' OR length(btrim(coalesce(return_note, ''))) > 0`),
  ],
);

/**
 * 报价澄清 (kind 'clarify') or a quotation round (kind 'round', round_no 2..quotationRoundCount) asked of one
 * bidder. A round's new quote is sealed (bid/seal.ts, associated data tenant|package|supplier|round) until the
 * round closes, as bids are until the opening: the other bidders' round quotes must not be readable by anyone
 * while the round is open. A clarification carries no new price, so its answer is plain text and files.
 */
export const reviewClarification = pgTable(
  'review_clarification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    packageId: packageRef(),
    bidId: bidRef(),
    supplierId: supplierRef(),
    kind: text('kind').notNull(),
    roundNo: integer('round_no'),
    question: text('question').notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** CLARIFICATION_STATES: open → answered → accepted | rejected; open past the deadline → unanswered. */
    state: text('state').notNull().default('open'),
    askedBy: memberRef('asked_by'),
    answer: text('answer'),
    answerFiles: jsonb('answer_files').$type<BidFile[]>().notNull().default([]),
    answeredBy: uuid('answered_by').references(() => sysUser.id),
    answerTime: timestamp('answer_time', { withTimezone: true }),
    /** A round's quote: sealed until the round closes, then opened into price/rate/evaluated_price. */
    quoteKind: text('quote_kind'),
    sealedQuote: text('sealed_quote'),
    price: numeric('price', { precision: 18, scale: 2 }),
    rate: numeric('rate', { precision: 8, scale: 4 }),
    evaluatedPrice: numeric('evaluated_price', { precision: 18, scale: 2 }),
    openedTime: timestamp('opened_time', { withTimezone: true }),
    /** The committee's decision (by the leader for the committee). */
    decidedBy: uuid('decided_by').references(() => reviewMember.id),
    decisionTime: timestamp('decision_time', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // One request per bid and round; at most one open clarification per bid.
    uniqueIndex('review_clarification_round_uq').on(t.bidId, t.roundNo).where(sql`kind = 'round'`),
    uniqueIndex('review_clarification_open_uq').on(t.bidId).where(sql`kind = 'clarify' AND state = 'open'`),
    index('review_clarification_committee_idx').on(t.committeeId, t.createTime),
    // The supplier's 报价澄清 list (their open requests first).
    index('review_clarification_supplier_idx').on(t.tenantId, t.supplierId, t.state, t.deadline),
    // The deadline job: open requests whose deadline has passed.
    index('review_clarification_due_idx').on(t.deadline).where(sql`state = 'open'`),
    check('review_clarification_kind_ck', inList('kind', CLARIFICATION_KINDS)),
    check('review_clarification_state_ck', inList('state', CLARIFICATION_STATES)),
    check('review_clarification_round_ck', sql`(kind = 'round') = (round_no IS NOT NULL)`),
    check('review_clarification_quote_ck', sql`quote_kind IS NULL OR quote_kind IN ('price', 'rate')`),
  ],
);

/** A campaign check (竞选核查) of a recommended candidate: one per bid and kind (addOrUpadte = upsert). */
export const reviewCampaignCheck = pgTable(
  'review_campaign_check',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    bidId: bidRef(),
    supplierId: supplierRef(),
    /** CAMPAIGN_CHECK_KINDS: personal, contract, equip, credit (the four spec paths). */
    kind: text('kind').notNull(),
    result: text('result').notNull(),
    findings: text('findings'),
    files: jsonb('files').$type<BidFile[]>().notNull().default([]),
    checkedBy: uuid('checked_by')
      .notNull()
      .references(() => sysUser.id),
    checkTime: timestamp('check_time', { withTimezone: true }).notNull().defaultNow(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_campaign_check_uq').on(t.bidId, t.kind),
    index('review_campaign_check_committee_idx').on(t.committeeId, t.bidId),
    check('review_campaign_check_kind_ck', inList('kind', CAMPAIGN_CHECK_KIND_CODES)),
    check('review_campaign_check_result_ck', inList('result', CHECK_RESULTS)),
    check('review_campaign_check_findings_ck', sql`result = 'pass' OR length(btrim(coalesce(findings, ''))) > 0`),
  ],
);

/**
 * The review result (评审结果) of a package: the engine's output snapshot (recomputed on every change until the
 * review ends), the ordered candidates, the election status handed to completeReview, and the report PDF.
 */
export const reviewResult = pgTable(
  'review_result',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    committeeId: committeeRef(),
    packageId: packageRef(),
    /** The scoring engine's ScoringResult (or its refusal) as computed, with its inputs' price points. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** Supplier ids in rank order, after campaign checks (what completeReview receives). */
    candidates: jsonb('candidates').$type<string[]>().notNull().default([]),
    electionStatus: text('election_status').notNull().default('1'),
    failureReason: text('failure_reason'),
    computeTime: timestamp('compute_time', { withTimezone: true }).notNull().defaultNow(),
    computedBy: text('computed_by').notNull(),
    reportFileId: uuid('report_file_id').references(() => sysFile.id),
    reportTime: timestamp('report_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('review_result_committee_uq').on(t.committeeId),
    uniqueIndex('review_result_package_uq').on(t.packageId),
    check('review_result_election_ck', sql`election_status IN ('0', '1')`),
  ],
);
