import { ScheduleOutlined } from '@ant-design/icons';
import { validateQuartzCron } from '@aps/shared/constants';
import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { CronEditor, initialCronText } from './CronEditor.tsx';

/** §9: the cron modal is 800 wide. */
export const CRON_MODAL_WIDTH = 800;

/** The cron表达式 dialog around the editor: 确定 takes the expression (only a valid one), 关闭 drops it. */
export function CronModal({
  open,
  value,
  hideYear,
  onOk,
  onClose,
}: {
  open: boolean;
  value: string | undefined;
  hideYear?: boolean;
  onOk(expression: string): void;
  onClose(): void;
}) {
  const [expression, setExpression] = useState(() => initialCronText(value, hideYear));
  const problem = validateQuartzCron(expression);
  return (
    <Modal
      open={open}
      title="cron表达式"
      width={CRON_MODAL_WIDTH}
      style={{ top: 24 }}
      okText="确定"
      cancelText="关闭"
      okButtonProps={{ disabled: problem !== null }}
      onOk={() => onOk(expression.trim())}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <CronEditor value={value} hideYear={hideYear} onChange={setExpression} />
    </Modal>
  );
}

/**
 * A Quartz cron expression field (§3): typed directly, or built in the cron表达式 editor that its button opens.
 * Takes `id`, `value` and `onChange` from its Form.Item.
 */
export function CronInput({
  id,
  value,
  onChange,
  hideYear,
  placeholder = '秒 分 时 日 月 周 [年]，如 0 0/5 * * * ?',
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  hideYear?: boolean;
  placeholder?: string;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Space.Compact block>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
          maxLength={200}
          style={{ fontFamily: 'monospace' }}
        />
        <Button icon={<ScheduleOutlined />} onClick={() => setEditing(true)}>
          cron编辑器
        </Button>
      </Space.Compact>
      {editing && (
        <CronModal
          open
          value={value}
          hideYear={hideYear}
          onClose={() => setEditing(false)}
          onOk={(expression) => {
            onChange?.(expression);
            setEditing(false);
          }}
        />
      )}
    </>
  );
}
