import { CONTRACT_STATES, type ContractDto, type ContractState } from '@aps/shared';
import { type TableColumnsType, Tag } from 'antd';
import { Money } from '../../../../shared/controls/index.ts';

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

/** The columns both contract lists show: number, name, state, amount, term. */
export const contractColumns = {
  no: { title: '合同编号', dataIndex: 'contractNo', width: 150 },
  name: { title: '合同名称', dataIndex: 'name', width: 240, ellipsis: true },
  state: {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (s: ContractDto['state']) => <ContractStateTag state={s} />,
  },
  amount: {
    title: '合同金额（元）',
    dataIndex: 'amount',
    width: 140,
    align: 'right',
    render: (v: string) => <Money value={v} />,
  },
  term: {
    title: '合同期限',
    key: 'term',
    width: 210,
    render: (_: unknown, r: ContractDto) => `${r.termStart} 至 ${r.termEnd}`,
  },
} satisfies Record<string, TableColumnsType<ContractDto>[number]>;
