import type { CurrentUserDeparts } from '@aps/shared';
import { useEffect, useState } from 'react';
import { getCurrentUserDeparts, selectDepart } from '../auth/api.ts';
import { useSessionStore } from '../auth/store.ts';
import { DepartSelectModal } from './DepartSelectModal.tsx';

/**
 * §2: a user with several departments must have a current one. On entering the workspace without one, the
 * chooser opens and cannot be dismissed; a single department is simply taken.
 */
export function DepartGate() {
  const username = useSessionStore((s) => s.userInfo?.username);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  const [departs, setDeparts] = useState<CurrentUserDeparts | null>(null);

  useEffect(() => {
    if (!username) return;
    let cancelled = false;
    getCurrentUserDeparts()
      .then(async (result) => {
        if (cancelled) return;
        const chosen = result.list.some((d) => d.orgCode === result.orgCode);
        if (chosen || result.list.length === 0) return;
        const only = result.list.length === 1 ? result.list[0] : undefined;
        if (only) setUserInfo((await selectDepart(only.orgCode, username)).userInfo);
        else setDeparts(result);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [username, setUserInfo]);

  return <DepartSelectModal departs={departs} required onClose={() => setDeparts(null)} />;
}
