import { MEMBER_STATES, type MemberState } from '@aps/shared';
import { Tag } from 'antd';

const COLORS: Partial<Record<MemberState, string>> = {
  drawn: 'blue',
  signed_in: 'cyan',
  done: 'green',
  avoided: 'orange',
  declined: 'red',
  replaced: 'default',
};

/** A task's state as a tag: open states in blue hues, the exits (回避 / 拒绝 / 已替换) warm or grey. */
export function MemberStateTag({ state }: { state: MemberState }) {
  return <Tag color={COLORS[state] ?? 'processing'}>{MEMBER_STATES[state] ?? state}</Tag>;
}
