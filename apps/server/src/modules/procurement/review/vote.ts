/**
 * 组长推选 (issue 15 §4): each active member votes once per round for an active member who is not the purchaser
 * representative (self-vote allowed); when every active member has voted, a single top count elects the leader and
 * the review proper starts (committee → qualifying, package 5 → 6 with reviewStartTime, one review_bid per submitted
 * bid), all in the voter's transaction; a tie opens the next round among the tied. The counts of a round are shown
 * only once it is closed, so no one votes with the bandwagon.
 */
import { REVIEW_MESSAGES as M, type TeamLeaderListDto } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import type { PackageStages } from '../project/stage.ts';
import { REVIEW_TASK_PATH } from './draw.ts';
import { activeMembers, loadSeat, moveCommittee, moveMembers, type ReviewActor, seatFor } from './seat.ts';

export interface VoteResult {
  round: number;
  /** Set once the vote elected a leader. */
  leaderMemberId: string | null;
  /** The round that ended in a tie (a new round among the tied is open). */
  tieRound: number | null;
}

export interface ReviewVoteService {
  /** REVIEW_API.teamLeaderList: the round, its candidates, my vote, the progress, closed rounds' counts. */
  list(actor: ReviewActor, packageId: string): Promise<TeamLeaderListDto>;
  /** REVIEW_API.teamLeaderVote: one vote in the current round. */
  vote(actor: ReviewActor, packageId: string, candidateMemberId: string): Promise<VoteResult>;
}

const VOTE_ACTION = '组长推选';

// biome-ignore lint/suspicious/noExplicitAny: raw rows, read field by field.
type Row = Record<string, any>;

/** The round's candidate set: the tie-break set, else every active member but the purchaser representative. */
function roundCandidates(members: { id: string; kind: string }[], tied: string[]): string[] {
  const eligible = members.filter((m) => m.kind !== 'purchaser_rep').map((m) => m.id);
  return tied.length > 0 ? eligible.filter((id) => tied.includes(id)) : eligible;
}

/** Counts per candidate of one round, highest first. */
async function tally(q: DbOrTx, committeeId: string, round: number) {
  const rows = await q.execute<{ candidate: string; n: number }>(sql`
    SELECT candidate_member_id AS candidate, count(*)::int AS n FROM review_leader_vote
    WHERE committee_id = ${committeeId} AND round = ${round} GROUP BY candidate_member_id ORDER BY n DESC`);
  return rows.rows.map((r) => ({ memberId: r.candidate, votes: Number(r.n) }));
}

export function createReviewVoteService({ db, stages }: { db: Db; stages: PackageStages }): ReviewVoteService {
  /** The leader is elected: committee and members move on, the package enters 资格审查, the bids come under review. */
  async function elect(tx: DbOrTx, actor: ReviewActor, c: Row, leaderId: string) {
    await moveCommittee(tx, c.id, 'electing', 'leaderElected', sql`leader_member_id = ${leaderId}`);
    await moveMembers(tx, c.id, 'leaderElected');
    const pkg = await stages.startReview(tx as unknown as Db, actor.tenantId, c.package_id, {
      username: actor.username,
      role: 'review',
    });
    const items = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM purchase_review_item
      WHERE package_id = ${c.package_id} AND kind = 'qualification'`);
    // No qualification item configured: nothing to judge, every bid passes at once.
    const outcome = Number(items.rows[0]?.n ?? 0) === 0 ? 'passed' : 'pending';
    await tx.execute(sql`INSERT INTO review_bid (tenant_id, committee_id, package_id, bid_id, supplier_id,
        qualification, evaluated_price)
      SELECT b.tenant_id, ${c.id}, b.package_id, b.id, b.supplier_id, ${outcome}, b.evaluated_price
      FROM purchase_bid b WHERE b.package_id = ${c.package_id} AND b.status = '1'
      ON CONFLICT (committee_id, bid_id) DO NOTHING`);
    const leader = await tx.execute<{ realname: string }>(sql`SELECT u.realname FROM review_member m
      JOIN sys_user u ON u.id = m.user_id WHERE m.id = ${leaderId}`);
    const members = await activeMembers(tx, c.id);
    const subject = `${pkg.purchaseName}（${pkg.packageName}）`;
    await sendBellMessage(tx, {
      tenantId: actor.tenantId,
      userIds: members.map((m) => m.userId),
      title: `评审组长已推选：${subject}`,
      html: `<p>${escapeHtml(subject)}的评审委员会已推选${escapeHtml(leader.rows[0]?.realname ?? '')}为评审组长，评审开始，请在「评审任务」中进行资格/符合性审查。</p>`,
      abstract: `评审组长：${leader.rows[0]?.realname ?? ''}`,
      busType: 'review_task',
      busId: c.id,
      openPage: REVIEW_TASK_PATH,
    });
  }

  return {
    async list(actor, packageId) {
      const seat = await loadSeat(db, actor, packageId);
      const c = (await db.execute<Row>(sql`SELECT * FROM review_committee WHERE id = ${seat.committeeId}`))
        .rows[0] as Row;
      const round = Number(c.leader_vote_round);
      const [members, names, votes, mine] = await Promise.all([
        activeMembers(db, c.id),
        db.execute<{ id: string; realname: string }>(sql`SELECT m.id, u.realname FROM review_member m
          JOIN sys_user u ON u.id = m.user_id WHERE m.committee_id = ${c.id}`),
        db.execute<{ round: number; candidate: string; n: number }>(sql`
          SELECT round, candidate_member_id AS candidate, count(*)::int AS n FROM review_leader_vote
          WHERE committee_id = ${c.id} GROUP BY round, candidate_member_id ORDER BY round, n DESC`),
        db.execute<{ candidate: string }>(sql`SELECT candidate_member_id AS candidate FROM review_leader_vote
          WHERE committee_id = ${c.id} AND round = ${round} AND voter_member_id = ${seat.memberId}`),
      ]);
      const realname = new Map(names.rows.map((r) => [r.id, r.realname]));
      const inRound = votes.rows.filter((v) => Number(v.round) === round);
      // The current round is closed once it elected the leader; an open round shows no counts.
      const closed = c.leader_member_id !== null;
      const countOf = (id: string) => (closed ? Number(inRound.find((v) => v.candidate === id)?.n ?? 0) : 0);
      const closedRounds: TeamLeaderListDto['closedRounds'] = [];
      for (let r = 1; r <= round; r++) {
        if (r === round && !closed) break;
        closedRounds.push({
          round: r,
          counts: votes.rows
            .filter((v) => Number(v.round) === r)
            .map((v) => ({ memberId: v.candidate, realname: realname.get(v.candidate) ?? '', votes: Number(v.n) })),
        });
      }
      return {
        committeeId: c.id,
        round,
        candidates: roundCandidates(members, c.leader_candidates ?? []).map((id) => ({
          memberId: id,
          realname: realname.get(id) ?? '',
          votes: countOf(id),
          eligible: true,
        })),
        votedCount: inRound.reduce((n, v) => n + Number(v.n), 0),
        voterCount: members.length,
        myVote: mine.rows[0]?.candidate ?? null,
        leaderMemberId: c.leader_member_id,
        closedRounds,
      };
    },

    vote(actor, packageId, candidateMemberId) {
      return db.transaction(async (tx) => {
        const seat = await seatFor(tx, actor, packageId, {
          action: VOTE_ACTION,
          stages: [5],
          committeeStates: ['electing'],
          memberStates: ['electing'],
        });
        const c = (await tx.execute<Row>(sql`SELECT * FROM review_committee WHERE id = ${seat.committeeId}`))
          .rows[0] as Row;
        const round = Number(c.leader_vote_round);
        const members = await activeMembers(tx, c.id);
        const candidate = members.find((m) => m.id === candidateMemberId);
        if (candidate?.kind === 'purchaser_rep') throw badRequest(M.repCannotLead);
        if (!candidate || !roundCandidates(members, c.leader_candidates ?? []).includes(candidate.id))
          throw badRequest(M.notCandidate);
        const inserted = await tx.execute(sql`INSERT INTO review_leader_vote (tenant_id, committee_id, round,
            voter_member_id, candidate_member_id)
          VALUES (${actor.tenantId}, ${c.id}, ${round}, ${seat.memberId}, ${candidateMemberId})
          ON CONFLICT (committee_id, round, voter_member_id) DO NOTHING`);
        if ((inserted.rowCount ?? 0) === 0) throw badRequest(M.alreadyVoted);

        const counts = await tally(tx, c.id, round);
        const cast = counts.reduce((n, x) => n + x.votes, 0);
        if (cast < members.length) return { round, leaderMemberId: null, tieRound: null };
        const top = counts[0]?.votes ?? 0;
        const tied = counts.filter((x) => x.votes === top).map((x) => x.memberId);
        if (tied.length === 1 && tied[0]) {
          await elect(tx, actor, c, tied[0]);
          return { round, leaderMemberId: tied[0], tieRound: null };
        }
        await tx.execute(sql`UPDATE review_committee SET leader_vote_round = ${round + 1},
          leader_candidates = ${sql.param(tied)}::uuid[], update_time = now() WHERE id = ${c.id}`);
        return { round: round + 1, leaderMemberId: null, tieRound: round };
      });
    },
  };
}
