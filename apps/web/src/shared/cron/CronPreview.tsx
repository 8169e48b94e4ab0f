import { CRON_MESSAGES } from '@aps/shared/constants';
import { Alert, Col, Empty, Row, Spin, Tag, Typography } from 'antd';
import { errorText } from '../list/download.ts';
import { useCronPreview } from './useCronPreview.ts';

/**
 * The next fire times of an expression (§4 preview, debounced 500 ms): a numbered list, 无执行时间 when there is
 * none, the Chinese reason when the expression is invalid (unless `hideProblem`, where a form field shows it).
 */
export function CronPreview({
  expression,
  count = 10,
  hideProblem = false,
  columns = 1,
}: {
  expression: string | undefined;
  count?: number;
  hideProblem?: boolean;
  columns?: 1 | 2;
}) {
  const preview = useCronPreview(expression, count);
  if (!expression?.trim()) return null;
  if (preview.problem) return hideProblem ? null : <Alert type="error" showIcon title={preview.problem} />;
  if (preview.isError) return <Alert type="warning" showIcon title={errorText(preview.error, '计算执行时间失败')} />;
  if (preview.pending || preview.isFetching || !preview.data) {
    return (
      <div className="aps-cron-preview-loading">
        <Spin size="small" />
      </div>
    );
  }
  if (preview.data.length === 0) {
    return (
      <Empty
        className="aps-cron-preview-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={CRON_MESSAGES.noFireTime}
      />
    );
  }
  return (
    <Row gutter={[16, 4]} className="aps-cron-preview">
      {preview.data.map((time, i) => (
        <Col key={time} span={24 / columns}>
          <Typography.Text type="secondary" style={{ display: 'inline-block', width: 24 }}>
            {i + 1}.
          </Typography.Text>
          <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>{time}</Typography.Text>
        </Col>
      ))}
    </Row>
  );
}

/** The next few fire times in one line (under a form's cron field). */
export function CronNextRuns({ expression }: { expression: string | undefined }) {
  const preview = useCronPreview(expression, 3);
  if (!expression?.trim() || preview.problem) return null;
  if (preview.pending || preview.isFetching) return <Spin size="small" />;
  if (preview.isError) return <span>{errorText(preview.error, '计算执行时间失败')}</span>;
  if (!preview.data?.length) return <span>{CRON_MESSAGES.noFireTime}</span>;
  return (
    <span>
      接下来执行：
      {preview.data.map((t) => (
        <Tag key={t} style={{ marginInlineEnd: 4, fontVariantNumeric: 'tabular-nums' }}>
          {t}
        </Tag>
      ))}
    </span>
  );
}
