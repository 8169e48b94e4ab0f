import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@aps/shared/constants';
import { App } from 'antd';
import { useCallback } from 'react';
import { createSecretWarner } from './rules.ts';

let show: (() => void) | null = null;
/** One gate for the whole app: several uploads starting together show the warning once (§5: at most every 5000 ms). */
const warnOnce = createSecretWarner(() => show?.());

/** The §5 classified-information warning (5 s), to call before each upload starts. */
export function useSecretWarning(): () => void {
  const { message } = App.useApp();
  return useCallback(() => {
    show = () =>
      void message.warning({
        key: 'aps-upload-secret-warning',
        content: UPLOAD_MESSAGES.secretWarning,
        duration: UPLOAD_LIMITS.secretWarningSeconds,
      });
    warnOnce();
  }, [message]);
}
