import type { ModalFuncProps } from 'antd';
import AppContext from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { type ReactNode, useMemo } from 'react';

type ModalKind = 'confirm' | 'info' | 'success' | 'error' | 'warning';
type Instance = { destroy: () => void; update: (config: ModalFuncProps) => void };

/**
 * Modal calls outside the workspace (whose antd <App> gives themed hook modals): the Modal code loads on first use,
 * so the login page does not carry it.
 */
function lazyModal(kind: ModalKind) {
  return (config: ModalFuncProps) => {
    let instance: Instance | null = null;
    let destroyed = false;
    const pending: ModalFuncProps[] = [];
    const ready = import('antd/es/modal').then(({ default: Modal }) => {
      if (destroyed) return;
      instance = Modal[kind](config);
      for (const update of pending) instance.update(update);
    });
    return {
      destroy: () => {
        destroyed = true;
        instance?.destroy();
      },
      update: (next: ModalFuncProps) => {
        if (instance) instance.update(next);
        else pending.push(next);
      },
      // biome-ignore lint/suspicious/noThenProperty: antd's modal instances are thenables (await modal.confirm()).
      then: (resolve: (value: boolean) => void, reject?: (reason: unknown) => void) =>
        ready.then(() => resolve(true), reject),
    };
  };
}

const MODAL = {
  confirm: lazyModal('confirm'),
  info: lazyModal('info'),
  success: lazyModal('success'),
  error: lazyModal('error'),
  warning: lazyModal('warning'),
};

type AppApi = ReturnType<typeof import('antd').App.useApp>;

/**
 * What antd's <App> provides to App.useApp() — themed message and notification — with Modal loaded on demand:
 * the public pages stay light. The workspace layout wraps itself in antd's full <App>.
 */
export function LightApp({ children }: { children: ReactNode }) {
  const [message, messageHolder] = useMessage();
  const [notification, notificationHolder] = useNotification();
  const value = useMemo(
    () => ({ message, notification, modal: MODAL as unknown as AppApi['modal'] }),
    [message, notification],
  );
  return (
    <AppContext.Provider value={value}>
      {messageHolder}
      {notificationHolder}
      {children}
    </AppContext.Provider>
  );
}
