import { type QuartzJobDto, quartzJobAddSchema } from '@aps/shared';
import { QUARTZ_STATUS, QUARTZ_STATUS_LABELS } from '@aps/shared/constants';
import { App, Form, Input, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { CronInput } from '../../../../shared/cron/CronInput.tsx';
import { CronNextRuns } from '../../../../shared/cron/CronPreview.tsx';
import { ModalForm } from '../../../../shared/list/ModalForm.tsx';
import { useCrudMutation } from '../../../../shared/list/useCrudList.ts';
import { type QuartzJobFormValues, quartzApi, useQuartzHandlers } from '../jobs.api.ts';
import { schemaRule } from '../schemaRule.ts';

const S = quartzJobAddSchema.shape;
export const QUARTZ_STATUS_OPTIONS = [QUARTZ_STATUS.running, QUARTZ_STATUS.paused].map((value) => ({
  value,
  label: QUARTZ_STATUS_LABELS[value],
}));

/**
 * Add or edit a scheduled job: a registered handler (任务类名), its cron expression (checked by the shared model,
 * next runs computed by the server), its parameter and whether it runs. New jobs start stopped: 启动 is a
 * deliberate step once the expression looks right.
 */
export function QuartzJobFormModal({
  open,
  job,
  onClose,
}: {
  open: boolean;
  job: QuartzJobDto | null;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<QuartzJobFormValues>();
  const handlers = useQuartzHandlers(open);
  const handlerName = Form.useWatch('jobClassName', form);
  const cron = Form.useWatch('cronExpression', form);
  const save = useCrudMutation(quartzApi, quartzApi.save);
  const hint = handlers.data?.find((h) => h.name === handlerName)?.parameterHint;
  const initialValues = useMemo<Partial<QuartzJobFormValues>>(
    () =>
      job
        ? {
            jobClassName: job.jobClassName,
            cronExpression: job.cronExpression,
            parameter: job.parameter,
            description: job.description,
            status: job.status as QuartzJobFormValues['status'],
          }
        : { status: QUARTZ_STATUS.paused },
    [job],
  );

  return (
    <ModalForm<QuartzJobFormValues>
      name="quartzJobForm"
      open={open}
      title={job ? '编辑' : '新增'}
      form={form}
      width={760}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={async (v) => {
        await save.mutateAsync({ ...v, id: job?.id });
        message.success(job ? '更新定时任务成功' : '创建定时任务成功');
      }}
    >
      <Form.Item label="任务类名" name="jobClassName" required rules={[schemaRule(S.jobClassName)]}>
        <Select
          placeholder="请选择任务类名"
          loading={handlers.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          options={(handlers.data ?? []).map((h) => ({ value: h.name, label: `${h.title}（${h.name}）` }))}
        />
      </Form.Item>
      <Form.Item
        label="cron表达式"
        name="cronExpression"
        required
        validateFirst
        rules={[schemaRule(S.cronExpression)]}
        extra={<CronNextRuns expression={cron} />}
      >
        <CronInput />
      </Form.Item>
      <Form.Item
        label="参数"
        name="parameter"
        rules={[schemaRule(S.parameter)]}
        extra={hint ? `参数说明：${hint}` : undefined}
      >
        <Input placeholder={hint ?? '请输入参数'} maxLength={2000} />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Radio.Group options={QUARTZ_STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item label="描述" name="description" rules={[schemaRule(S.description)]}>
        <Input.TextArea rows={3} placeholder="请输入描述" maxLength={500} showCount />
      </Form.Item>
    </ModalForm>
  );
}
