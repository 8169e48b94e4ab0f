import { App, Button, Drawer, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { antiRepeat } from '../throttle.ts';
import { warnFailure } from './download.ts';

/** Which record a form edits: null while closed, `{ record: null }` to add one. */
export function useFormDialog<T>() {
  const [state, setState] = useState<{ record: T | null } | null>(null);
  return {
    open: state !== null,
    record: state?.record ?? null,
    isEdit: Boolean(state?.record),
    show: (record: T | null = null) => setState({ record }),
    hide: () => setState(null),
  };
}

export interface ModalFormProps<V> {
  /** The form's name: field ids become `<name>_<field>`, unique on the page (labels point at them). */
  name: string;
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /** Set on every open (after the fields were reset). */
  initialValues?: Partial<V>;
  /** Saves; the dialog closes when it resolves, shows the server message when it throws. */
  onSubmit(values: V): Promise<unknown>;
  onClose(): void;
  width?: number;
  /** A drawer (for long forms) instead of a modal. */
  drawer?: boolean;
  children: ReactNode;
  labelWidth?: number;
  okText?: string;
}

/**
 * A form in a modal or a drawer: fields reset to `initialValues` on open, 确定 validates then saves with a
 * spinner, 关闭 (or Esc) closes, a refused save shows the server's message and keeps the dialog open.
 */
export function ModalForm<V extends object>({
  name,
  open,
  title,
  form,
  initialValues,
  onSubmit,
  onClose,
  width = 800,
  drawer = false,
  children,
  labelWidth = 100,
  okText = '确定',
}: ModalFormProps<V>) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const submits = useRef(antiRepeat());

  useEffect(() => {
    if (!open) return;
    // Each opening is a new form: the anti-repeat window of the previous one does not carry over.
    submits.current = antiRepeat();
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form, initialValues]);

  async function submit() {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    // A double click or a second Enter while the first save starts sends one request (§9 anti-repeat).
    if (!submits.current.pass()) return;
    setSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (err) {
      // After a refusal the next 确定 is a deliberate retry, not a repeat.
      submits.current = antiRepeat();
      warnFailure(message, err, '保存失败');
    } finally {
      setSaving(false);
    }
  }

  const body = (
    <Form<V>
      name={name}
      form={form}
      layout="horizontal"
      labelCol={{ flex: `${labelWidth}px` }}
      wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
      labelWrap
      className="aps-modal-form"
      onFinish={submit}
    >
      {children}
      {/* Enter in a text field submits */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );

  if (drawer)
    return (
      <Drawer
        open={open}
        title={title}
        size={width}
        onClose={onClose}
        footer={
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
            <ButtonPair saving={saving} onClose={onClose} onOk={submit} okText={okText} />
          </div>
        }
      >
        {body}
      </Drawer>
    );
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={submit}
      okText={okText}
      cancelText="关闭"
      confirmLoading={saving}
      maskClosable={false}
    >
      {body}
    </Modal>
  );
}

function ButtonPair({
  saving,
  onClose,
  onOk,
  okText,
}: {
  saving: boolean;
  onClose(): void;
  onOk(): void;
  okText: string;
}) {
  return (
    <>
      <Button onClick={onClose}>关闭</Button>
      <Button type="primary" loading={saving} onClick={onOk}>
        {okText}
      </Button>
    </>
  );
}
