import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CHECK_PATHS,
  campaignCheckSchema,
  clarifyAddSchema,
  clarifyAnswerSchema,
  clarifyDecideSchema,
  drawSchema,
  expertAddSchema,
  isActiveMember,
  leaderReturnSchema,
  MEMBER_STATE_CODES,
  MEMBER_TRANSITIONS,
  nextCommitteeState,
  nextMemberState,
  pricePointsOf,
  qualificationSaveSchema,
  REVIEW_API,
  REVIEW_API_METHODS,
  REVIEW_MESSAGES,
  scoreSaveSchema,
  scoreValueSchema,
  signInSchema,
  signSchema,
} from './review.ts';

const PKG = '11111111-1111-4111-8111-111111111111';
const BID = '22222222-2222-4222-8222-222222222222';
const ITEM = '33333333-3333-4333-8333-333333333333';
const ITEM2 = '44444444-4444-4444-8444-444444444444';
const MEMBER = '55555555-5555-4555-8555-555555555555';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('review API paths', () => {
  it('keeps the spec §7 spellings verbatim', () => {
    expect(REVIEW_API.checkCredit).toBe('/campaigncreditcheck/campaigncreditcheck/addOrUpadte');
    expect(REVIEW_API.checkPersonal).toBe('/campaignpersonalcheck/campaignPersonalCheck/addOrUpadte');
    expect(REVIEW_API.teamLeaderVote).toBe('/recommendteamleader/recommendTeamLeader/editData');
    expect(REVIEW_API.taskQueryById).toBe('/procurementreview/procurementReview/queryTaskById');
    expect(REVIEW_API.identity).toBe('/complianceReviewDetails/packageReviewItem/determineIdentityByPackageId');
    expect(REVIEW_API.assetsExpertSign).toBe('/purchaseExpertAssets/editSign');
    expect(REVIEW_API.clarifyAdd).toBe('/packageQuotationClarify/addData');
  });

  it('has one method per path, the four checks on their own paths, and no path twice', () => {
    expect(Object.keys(REVIEW_API_METHODS).sort()).toEqual(Object.keys(REVIEW_API).sort());
    expect(new Set(Object.values(CAMPAIGN_CHECK_PATHS)).size).toBe(4);
    const paths = Object.values(REVIEW_API);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('state machines', () => {
  it('walks a member from the draw to 已完成 and refuses skips', () => {
    const walk = [
      'signIn',
      'openVote',
      'leaderElected',
      'startScoring',
      'submit',
      'allSubmitted',
      'confirmResult',
      'sign',
    ];
    let state = 'drawn';
    for (const action of walk) {
      const next = nextMemberState(action, state);
      expect(next, `${action} from ${state}`).not.toBeNull();
      state = next as string;
    }
    expect(state).toBe('done');
    expect(nextMemberState('sign', 'scoring')).toBeNull();
    expect(nextMemberState('submit', 'drawn')).toBeNull();
    expect(nextMemberState('signIn', 'signed_in')).toBeNull();
  });

  it('sends a returned member back to scoring and a replaced one nowhere', () => {
    expect(nextMemberState('returnForRescore', 'summarizing')).toBe('scoring');
    expect(nextMemberState('close', 'qualifying')).toBe('done');
    expect(nextMemberState('close', 'drawn')).toBeNull();
    expect(nextMemberState('replace', 'avoided')).toBe('replaced');
    expect(MEMBER_TRANSITIONS.filter((t) => t.from.includes('replaced'))).toHaveLength(0);
    expect(isActiveMember('replaced')).toBe(false);
    expect(isActiveMember('declined')).toBe(false);
    expect(isActiveMember('scoring')).toBe(true);
    // Every state is reachable from 已抽取.
    const reached = new Set(['drawn']);
    for (let i = 0; i < 10; i++)
      for (const t of MEMBER_TRANSITIONS) if (t.from.some((f) => reached.has(f))) reached.add(t.to);
    expect([...reached].sort()).toEqual([...MEMBER_STATE_CODES].sort());
  });

  it('moves a committee in order and lets it fail only once the review has started', () => {
    expect(nextCommitteeState('leaderElected', 'electing')).toBe('qualifying');
    expect(nextCommitteeState('end', 'summarizing')).toBeNull();
    expect(nextCommitteeState('fail', 'qualifying')).toBe('ended');
    expect(nextCommitteeState('fail', 'drawn')).toBeNull();
    expect(nextCommitteeState('fail', 'ended')).toBeNull();
  });
});

describe('price points', () => {
  it('is 100 minus the scoring maxima, in cents', () => {
    expect(pricePointsOf(['40', '20'])).toBe('40.00');
    expect(pricePointsOf([33.33, 33.33, null])).toBe('33.34');
    expect(pricePointsOf(['70', '40'])).toBe('0.00');
  });
});

describe('scores', () => {
  it('takes numbers or text with at most 3 decimals, 0..100', () => {
    expect(scoreValueSchema.parse(34.667)).toBe('34.667');
    expect(scoreValueSchema.parse(' 0 ')).toBe('0');
    expect(scoreValueSchema.parse('100')).toBe('100');
    for (const bad of ['-1', '1.2345', '100.001', 'abc', '1e2', '', Number.NaN]) {
      expect(scoreValueSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('saves a draft with empty scores but refuses a submission with one missing', () => {
    const draft = scoreSaveSchema.parse({
      packageId: PKG,
      bidId: BID,
      scores: [
        { itemId: ITEM, score: '' },
        { itemId: ITEM2, score: 12.5 },
      ],
    });
    expect(draft.submit).toBe(false);
    expect(draft.scores[0]?.score).toBeNull();
    const submitted = scoreSaveSchema.safeParse({ ...draft, submit: '1' });
    expect(messages(submitted)).toEqual([REVIEW_MESSAGES.scoreMissing('该评分项')]);
  });

  it('refuses an item twice on one sheet', () => {
    const r = scoreSaveSchema.safeParse({
      packageId: PKG,
      bidId: BID,
      scores: [
        { itemId: ITEM, score: 1 },
        { itemId: ITEM, score: 2 },
      ],
    });
    expect(messages(r)).toEqual(['评分项重复']);
  });

  it('needs a note for every returned item', () => {
    const r = leaderReturnSchema.safeParse({
      packageId: PKG,
      returns: [{ memberId: MEMBER, bidId: BID, itemId: ITEM, note: '  ' }],
    });
    expect(messages(r)).toEqual([REVIEW_MESSAGES.returnNoteRequired]);
  });
});

describe('qualification, sign-in, signatures, checks', () => {
  it('needs a reason for every 不通过 and refuses a verdict twice', () => {
    const ok = qualificationSaveSchema.parse({
      packageId: PKG,
      verdicts: [
        { bidId: BID, itemId: ITEM, pass: 1 },
        { bidId: BID, itemId: ITEM2, pass: 'false', reason: '营业执照过期' },
      ],
    });
    expect(ok.verdicts.map((v) => v.pass)).toEqual([true, false]);
    const noReason = qualificationSaveSchema.safeParse({
      packageId: PKG,
      verdicts: [{ bidId: BID, itemId: ITEM, pass: false, reason: '' }],
    });
    expect(messages(noReason)).toEqual([REVIEW_MESSAGES.reasonRequired]);
    const twice = qualificationSaveSchema.safeParse({
      packageId: PKG,
      verdicts: [
        { bidId: BID, itemId: ITEM, pass: true },
        { bidId: BID, itemId: ITEM, pass: true },
      ],
    });
    expect(messages(twice)).toEqual(['审查结果重复']);
  });

  it('signs in only with the declaration agreed, or avoids with a stated conflict', () => {
    expect(messages(signInSchema.safeParse({ id: MEMBER, agree: false }))).toEqual([
      REVIEW_MESSAGES.declarationRequired,
    ]);
    expect(messages(signInSchema.safeParse({ id: MEMBER, agree: false, conflict: true }))).toEqual([
      REVIEW_MESSAGES.conflictNoteRequired,
    ]);
    expect(signInSchema.parse({ id: MEMBER, agree: true }).conflict).toBe(false);
  });

  it('needs a written reason to dissent', () => {
    expect(messages(signSchema.safeParse({ packageId: PKG, opinion: 'dissent' }))).toEqual([
      REVIEW_MESSAGES.dissentReason,
    ]);
    expect(signSchema.parse({ packageId: PKG, opinion: 'agree', dissentReason: '' }).dissentReason).toBeNull();
  });

  it('needs findings for a failed campaign check', () => {
    expect(messages(campaignCheckSchema.safeParse({ packageId: PKG, bidId: BID, result: 'fail' }))).toEqual([
      REVIEW_MESSAGES.findingsRequired,
    ]);
    expect(campaignCheckSchema.safeParse({ packageId: PKG, bidId: BID, result: 'pass' }).success).toBe(true);
  });
});

describe('clarifications and rounds', () => {
  const base = { packageId: PKG, bidId: BID, question: '请说明报价构成', deadline: '2026-12-01 17:00:00' };

  it('needs a round number for a quotation round and none for a clarification', () => {
    expect(messages(clarifyAddSchema.safeParse({ ...base, kind: 'round' }))).toEqual([
      REVIEW_MESSAGES.roundOutOfRange(5),
    ]);
    expect(messages(clarifyAddSchema.safeParse({ ...base, kind: 'round', roundNo: 1 }))).toEqual([
      REVIEW_MESSAGES.roundOutOfRange(5),
    ]);
    expect(clarifyAddSchema.parse({ ...base, kind: 'round', roundNo: '2' }).roundNo).toBe(2);
    expect(clarifyAddSchema.safeParse({ ...base, kind: 'clarify', roundNo: 2 }).success).toBe(false);
    expect(clarifyAddSchema.safeParse({ ...base, kind: 'clarify', deadline: '2026-02-30 10:00:00' }).success).toBe(
      false,
    );
  });

  it('decides only accept or reject; the deadline decides unanswered', () => {
    expect(clarifyDecideSchema.safeParse({ id: MEMBER, decision: 'unanswered' }).success).toBe(false);
    expect(clarifyDecideSchema.parse({ id: MEMBER, decision: 'rejected' }).note).toBeNull();
  });

  it('answers with a price or a rate, never both', () => {
    expect(clarifyAnswerSchema.parse({ id: MEMBER, answer: '含税价', price: 950000 }).price).toBe('950000');
    expect(messages(clarifyAnswerSchema.safeParse({ id: MEMBER, answer: '见附件', price: '1', rate: '0.1' }))).toEqual([
      '报价与下浮率只能填写一项',
    ]);
    expect(clarifyAnswerSchema.safeParse({ id: MEMBER, answer: '下浮', rate: '1' }).success).toBe(false);
    expect(clarifyAnswerSchema.safeParse({ id: MEMBER, answer: '' }).success).toBe(false);
  });
});

describe('the pool and the draw', () => {
  it('accepts comma-joined specialities, deduplicates, and refuses an empty set', () => {
    const e = expertAddSchema.parse({ userId: MEMBER, specialities: 'A01A01,A02A01,A01A01' });
    expect(e.specialities).toEqual(['A01A01', 'A02A01']);
    expect(e.status).toBe('normal');
    expect(e.avoidSupplierIds).toEqual([]);
    expect(messages(expertAddSchema.safeParse({ userId: MEMBER, specialities: [] }))).toEqual(['请选择至少一个专业']);
    expect(expertAddSchema.safeParse({ userId: MEMBER, specialities: ["A01'; --"] }).success).toBe(false);
    expect(expertAddSchema.safeParse({ userId: MEMBER, specialities: ['A01'], status: '暂停' }).success).toBe(false);
  });

  it('takes the committee size as a bounded integer and an optional representative', () => {
    const d = drawSchema.parse({ packageId: PKG, size: '5', purchaserRepUserId: '' });
    expect(d).toEqual({ packageId: PKG, size: 5, specialities: [] });
    expect(drawSchema.parse({ packageId: PKG, size: '' }).size).toBeUndefined();
    expect(drawSchema.safeParse({ packageId: PKG, size: 0 }).success).toBe(false);
    expect(drawSchema.safeParse({ packageId: PKG, size: 51 }).success).toBe(false);
    expect(drawSchema.safeParse({ packageId: PKG, size: 2.5 }).success).toBe(false);
  });
});
