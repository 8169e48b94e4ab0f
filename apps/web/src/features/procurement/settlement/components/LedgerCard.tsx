import { formatMoney } from '@aps/shared/constants';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import { navigateQuietly } from '../../../../shared/navigation.ts';
import { useLedgerSummary } from '../api.ts';

const FIGURES = [
  ['total', '合同金额'],
  ['settledAmount', '已结算'],
  ['paidAmount', '已付款'],
  ['unpaid', '未付款'],
  ['retentionBalance', '质保金余额'],
] as const;

/** 结算台账 on the home page (holders of ledger:list), lazily loaded: the totals of the contracts in scope. */
export default function LedgerCard() {
  const summary = useLedgerSummary({}, { background: true });
  const s = summary.data;
  return (
    <Card
      variant="borderless"
      title="结算台账"
      extra={
        <a
          href="/settlement/ledger"
          onClick={(e) => {
            e.preventDefault();
            navigateQuietly('/settlement/ledger');
          }}
        >
          查看台账
        </a>
      }
    >
      {s ? (
        <Row gutter={16} aria-label="结算台账汇总">
          <Col xs={12} md={4}>
            <Statistic title="合同数" value={s.contracts} />
          </Col>
          {FIGURES.map(([key, title]) => (
            <Col xs={12} md={4} key={key}>
              <Statistic title={title} value={`¥${formatMoney(s[key])}`} />
            </Col>
          ))}
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
