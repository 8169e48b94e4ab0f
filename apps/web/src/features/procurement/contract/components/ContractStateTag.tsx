import { CONTRACT_STATES, type ContractState } from '@aps/shared';
import { Tag } from 'antd';

const COLORS: Record<ContractState, string> = {
  draft: 'default',
  approving: 'processing',
  to_sign: 'gold',
  performing: 'blue',
  changing: 'orange',
  performed: 'cyan',
  warranty: 'geekblue',
  closed: 'green',
  terminated: 'red',
  voided: 'default',
};

export const ContractStateTag = ({ state }: { state: ContractState }) => (
  <Tag color={COLORS[state]}>{CONTRACT_STATES[state] ?? state}</Tag>
);
