import { PERMISSIONS, REVIEW_MESSAGES, type ReviewTaskDetailDto, type TeamLeaderListDto } from '@aps/shared';
import { Alert, App, Button, Card, Empty, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../../../shared/auth/Can.tsx';
import { warnFailure } from '../../../../../shared/list/index.ts';
import { useLeaderVote, useTeamLeaderList } from '../../api-vote.ts';

/** The committee states in which the vote (or its outcome) is shown: from 组长推选 on. */
export const VOTE_VISIBLE_STATES = ['electing', 'qualifying', 'scoring', 'summarizing', 'signing', 'ended'];

function RoundCounts({ rounds }: { rounds: TeamLeaderListDto['closedRounds'] }) {
  if (rounds.length === 0) return null;
  return (
    <Card size="small" title="已结束轮次的票数">
      {rounds.map((r) => (
        <div key={r.round} style={{ marginBottom: 4 }}>
          <Typography.Text strong>第{r.round}轮：</Typography.Text>
          {r.counts.map((c) => (
            <Tag key={c.memberId}>
              {c.realname} {c.votes}票
            </Tag>
          ))}
        </div>
      ))}
    </Card>
  );
}

/**
 * 组长推选 (issue 15 §4): the round's candidates as radio cards and 投票 (one vote a round, self-vote allowed, the
 * purchaser representative is never a candidate). Counts are shown once a round is closed; a tie reopens the vote
 * among the tied; once elected, the leader.
 */
export function VoteStep({ detail }: { detail: ReviewTaskDetailDto }) {
  const { message } = App.useApp();
  const packageId = detail.card.packageId;
  const { data, isLoading } = useTeamLeaderList(packageId);
  const vote = useLeaderVote();
  const mayVote = useCan(PERMISSIONS.reviewTask.vote);
  const [choice, setChoice] = useState<string | null>(null);
  if (isLoading || !data) return <Spin />;

  const me = detail.identity.memberId;
  const name = (id: string | null) =>
    detail.committee.members.find((m) => m.id === id)?.realname ??
    data.candidates.find((c) => c.memberId === id)?.realname ??
    '';
  const canVote = mayVote && detail.task.state === 'electing' && !data.myVote && !data.leaderMemberId;
  const lastClosed = data.closedRounds[data.closedRounds.length - 1];
  const submit = async () => {
    if (!choice) {
      message.warning('请选择评审组长候选人');
      return;
    }
    try {
      const r = await vote.mutateAsync({ packageId, candidateMemberId: choice });
      if (r.leaderMemberId) message.success(`投票成功，${name(r.leaderMemberId)}当选评审组长`);
      else if (r.tieRound) message.warning(REVIEW_MESSAGES.voteTie(r.tieRound));
      else message.success('投票成功');
      setChoice(null);
    } catch (e) {
      warnFailure(message, e, '投票失败');
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {data.leaderMemberId ? (
        <Alert type="success" showIcon message={`评审组长：${name(data.leaderMemberId)}`} />
      ) : (
        <Alert
          type={data.round > 1 ? 'warning' : 'info'}
          showIcon
          message={`第${data.round}轮推选：已投票 ${data.votedCount}/${data.voterCount}`}
          description={
            data.round > 1 && lastClosed
              ? `${REVIEW_MESSAGES.voteTie(lastClosed.round)}。本轮候选人为上一轮得票最多的成员。`
              : '全部成员投票后，得票最多者当选；票数在本轮结束后公布。'
          }
        />
      )}
      {data.candidates.length === 0 ? (
        <Empty description="暂无候选人" />
      ) : (
        <Radio.Group
          value={data.myVote ?? choice}
          disabled={!canVote}
          onChange={(e) => setChoice(e.target.value)}
          style={{ width: '100%' }}
        >
          <Space wrap size="middle">
            {data.candidates.map((c) => (
              <Card
                key={c.memberId}
                size="small"
                hoverable={canVote}
                style={{ width: 200 }}
                onClick={() => canVote && setChoice(c.memberId)}
              >
                <Radio value={c.memberId} aria-label={c.realname}>
                  {c.realname}
                  {c.memberId === me && <Tag style={{ marginLeft: 6 }}>本人</Tag>}
                </Radio>
                <div className="aps-muted" style={{ marginTop: 4 }}>
                  {data.leaderMemberId === c.memberId ? <Tag color="gold">评审组长</Tag> : null}
                  <span>{data.leaderMemberId ? `得票 ${c.votes}` : data.myVote === c.memberId ? '我的投票' : ' '}</span>
                </div>
              </Card>
            ))}
          </Space>
        </Radio.Group>
      )}
      {data.myVote && !data.leaderMemberId && (
        <Typography.Text type="secondary">您已投票给 {name(data.myVote)}，等待其他成员投票。</Typography.Text>
      )}
      {canVote && (
        <Button type="primary" onClick={submit} loading={vote.isPending}>
          投票
        </Button>
      )}
      <RoundCounts rounds={data.closedRounds} />
    </Space>
  );
}
