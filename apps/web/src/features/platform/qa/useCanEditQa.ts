import { PERMISSIONS } from '@aps/shared/constants';
import { useSessionStore } from '../auth/store.ts';

/**
 * Whether the user holds qa:edit (§6: add, edit and delete). Read from the permission list the guard loaded
 * (auth entries, type not '2'). The server refuses the calls anyway; this only hides the buttons.
 * The shared useCan('qa:edit') of apps/web/src/shared/auth replaces this hook once it lands.
 */
export function useCanEditQa(): boolean {
  return useSessionStore(
    (s) => s.permissions?.auth.some((a) => a.action === PERMISSIONS.qa.edit && a.type !== '2') ?? false,
  );
}
