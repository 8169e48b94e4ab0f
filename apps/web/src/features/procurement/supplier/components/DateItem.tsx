import { DatePicker, Form, type FormItemProps } from 'antd';
import dayjs from 'dayjs';

/** A date field holding YYYY-MM-DD text (what the supplier schemas take). */
export function DateItem(props: FormItemProps & { placeholder?: string }) {
  const { placeholder, ...item } = props;
  return (
    <Form.Item
      {...item}
      getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v) : undefined })}
      normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)}
    >
      <DatePicker style={{ width: '100%' }} placeholder={placeholder ?? '请选择日期'} />
    </Form.Item>
  );
}
