import {
  NOTIFY_CATEGORIES,
  NOTIFY_CATEGORY_HINTS,
  NOTIFY_CATEGORY_LABELS,
  type NotifySettingsDto,
} from '@aps/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, List, Spin, Switch } from 'antd';
import { HttpError } from '../../../../shared/http.ts';
import { ACCOUNT_KEYS, getNotifySettings, saveNotifySettings } from '../api.ts';

/**
 * 消息设置: which bell categories the user receives (a muted one stays in 我的消息 but never reaches the bell) and
 * whether each message is copied to their bound e-mail. Every switch saves at once.
 */
export function NotifySettings() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({ queryKey: ACCOUNT_KEYS.notifySettings, queryFn: getNotifySettings });
  const save = useMutation({
    mutationFn: saveNotifySettings,
    onSuccess: (saved) => {
      client.setQueryData(ACCOUNT_KEYS.notifySettings, saved);
      message.success('保存成功');
    },
    onError: (err) => {
      if (!(err instanceof HttpError) || !err.shown) message.error(err instanceof Error ? err.message : '保存失败');
    },
  });
  const current = query.data;
  if (!current) return <Spin spinning={query.isLoading} />;

  const change = (next: Partial<NotifySettingsDto>) =>
    save.mutate({
      categories: next.categories ?? current.categories,
      emailCopy: next.emailCopy ?? current.emailCopy,
    });
  const toggle = (category: (typeof NOTIFY_CATEGORIES)[number], on: boolean) =>
    change({
      categories: NOTIFY_CATEGORIES.filter((c) => (c === category ? on : current.categories.includes(c))),
    });

  return (
    <>
      <List
        header={<strong>接收的消息</strong>}
        itemLayout="horizontal"
        dataSource={[...NOTIFY_CATEGORIES]}
        renderItem={(category) => (
          <List.Item
            actions={[
              <Switch
                key="on"
                aria-label={NOTIFY_CATEGORY_LABELS[category]}
                checked={current.categories.includes(category)}
                loading={save.isPending}
                onChange={(on) => toggle(category, on)}
              />,
            ]}
          >
            <List.Item.Meta title={NOTIFY_CATEGORY_LABELS[category]} description={NOTIFY_CATEGORY_HINTS[category]} />
          </List.Item>
        )}
      />
      <List
        header={<strong>邮件通知</strong>}
        style={{ marginTop: 16 }}
        itemLayout="horizontal"
        dataSource={['email']}
        renderItem={() => (
          <List.Item
            actions={[
              <Switch
                key="on"
                aria-label="邮件副本"
                checked={current.emailCopy}
                loading={save.isPending}
                onChange={(on) => change({ emailCopy: on })}
              />,
            ]}
          >
            <List.Item.Meta
              title="邮件副本"
              description={current.email ? `接收的消息同时发送至 ${current.email}` : '接收的消息同时发送至绑定的邮箱'}
            />
          </List.Item>
        )}
      />
      {current.emailCopy && !current.email && (
        <Alert type="warning" showIcon title="您尚未绑定邮箱，请在安全设置中绑定邮箱后才能收到邮件副本" />
      )}
    </>
  );
}
