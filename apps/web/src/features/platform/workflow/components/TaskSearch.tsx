import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { FilterValue } from '../../../../shared/list/query.ts';
import { SearchBar } from '../../../../shared/list/SearchBar.tsx';
import { BUSINESS_TYPE_OPTIONS, INSTANCE_STATUS_OPTIONS } from '../workflow.labels.ts';

interface Filters {
  title?: string;
  businessType?: string;
  status?: string;
  initiator?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values as the list's query: the time range becomes beginTime/endTime (whole days). */
function toParams({ range, ...rest }: Filters): Record<string, FilterValue> {
  return {
    ...rest,
    beginTime: range?.[0] ? range[0].startOf('day').format('YYYY-MM-DD HH:mm:ss') : undefined,
    endTime: range?.[1] ? range[1].endOf('day').format('YYYY-MM-DD HH:mm:ss') : undefined,
  };
}

/**
 * The search of the workflow lists: 标题, 业务类型, and per list 到达时间 (tasks), 状态 (instances), 发起人 (all
 * instances).
 */
export function WorkflowSearch({
  name,
  onSearch,
  onReset,
  time,
  status,
  initiator,
}: {
  name: string;
  onSearch(params: Record<string, FilterValue>): void;
  onReset(): void;
  time?: string;
  status?: boolean;
  initiator?: boolean;
}) {
  const [form] = Form.useForm<Filters>();
  return (
    <SearchBar<Filters> name={name} form={form} onSearch={(v) => onSearch(toParams(v))} onReset={onReset}>
      <Form.Item label="标题" name="title">
        <Input placeholder="请输入标题" allowClear />
      </Form.Item>
      <Form.Item label="业务类型" name="businessType">
        <Select placeholder="请选择" allowClear options={BUSINESS_TYPE_OPTIONS} />
      </Form.Item>
      {status && (
        <Form.Item label="状态" name="status">
          <Select placeholder="请选择" allowClear options={INSTANCE_STATUS_OPTIONS} />
        </Form.Item>
      )}
      {initiator && (
        <Form.Item label="发起人" name="initiator">
          <Input placeholder="请输入发起人账号" allowClear />
        </Form.Item>
      )}
      {time && (
        <Form.Item label={time} name="range">
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
      )}
    </SearchBar>
  );
}
