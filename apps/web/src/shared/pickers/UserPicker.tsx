import { UserOutlined } from '@ant-design/icons';
import type { UserListRow } from '@aps/shared';
import { joinValue, splitValue } from '@aps/shared/constants';
import { useEffect, useMemo, useState } from 'react';
import { useUsersByIds, useUsersByUsernames } from './api.ts';
import { PickerTrigger } from './PickerTrigger.tsx';
import { UserSelectModal, type UserSelectModalProps } from './UserSelectModal.tsx';

export interface UserPickerProps {
  id?: string;
  /** Comma-joined usernames (or ids with valueKey "id"). */
  value?: string | null;
  onChange?: (value: string, rows: UserListRow[]) => void;
  /** Which user field the value holds: username (default) or id. The box shows real names. */
  valueKey?: 'username' | 'id';
  multiple?: boolean;
  disabled?: boolean;
  /** §5: a not-allowed message replaces opening. */
  notAllowed?: string | false;
  onNotAllowed?: (message: string) => void;
  placeholder?: string;
  modalWidth?: UserSelectModalProps['width'];
  /** Opens the modal at once (a grid cell entering edit mode). */
  defaultOpen?: boolean;
}

/**
 * §2 user picker (modal titled 用户): the box shows the chosen people's real names; the value holds their
 * usernames (or ids), comma-joined.
 */
export function UserPicker({
  id,
  value,
  onChange,
  valueKey = 'username',
  multiple = true,
  disabled,
  notAllowed,
  onNotAllowed,
  placeholder = '请选择用户',
  modalWidth = 1250,
  defaultOpen = false,
}: UserPickerProps) {
  const [open, setOpen] = useState(defaultOpen && !disabled && !notAllowed);
  const [rows, setRows] = useState<UserListRow[]>([]);
  const keys = splitValue(value);
  const missing = keys.filter((k) => !rows.some((r) => r[valueKey] === k));
  const byIds = useUsersByIds(valueKey === 'id' ? missing : []);
  const byNames = useUsersByUsernames(valueKey === 'username' ? missing : []);
  const found = byIds.data ?? byNames.data;

  useEffect(() => {
    if (found?.length) setRows((r) => [...r, ...(found as UserListRow[]).filter((u) => !r.some((x) => x.id === u.id))]);
  }, [found]);

  const chosen = useMemo(
    () =>
      splitValue(value).map(
        (k) => rows.find((r) => r[valueKey] === k) ?? ({ id: k, username: k, realname: k } as UserListRow),
      ),
    [value, rows, valueKey],
  );

  const openPicker = () => {
    if (notAllowed) onNotAllowed?.(notAllowed);
    else setOpen(true);
  };

  return (
    <>
      <PickerTrigger
        id={id}
        text={chosen.map((u) => u.realname).join(',')}
        placeholder={placeholder}
        disabled={disabled}
        prefix={<UserOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
        onOpen={openPicker}
      />
      <UserSelectModal
        open={open}
        title="用户"
        width={modalWidth}
        multiple={multiple}
        initial={chosen}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          setRows((r) => [...picked, ...r.filter((x) => !picked.some((p) => p.id === x.id))]);
          onChange?.(joinValue(picked.map((u) => u[valueKey])), picked);
        }}
      />
    </>
  );
}
