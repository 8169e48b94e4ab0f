import type { AccountTenants } from '@aps/shared';
import { useEffect, useState } from 'react';
import { useSessionStore } from '../../auth/store.ts';
import { getTenants } from '../api.ts';
import { TenantSelectModal } from './TenantSelectModal.tsx';

/**
 * Issue 18 §2: a user of several tenants who has never chosen one is asked after sign-in (the chooser cannot be
 * dismissed); the choice is remembered on the server, so the next sign-in starts in that tenant.
 */
export function TenantGate() {
  const username = useSessionStore((s) => s.userInfo?.username);
  const [tenants, setTenants] = useState<AccountTenants | null>(null);

  useEffect(() => {
    if (!username) return;
    let cancelled = false;
    getTenants()
      .then((result) => {
        if (!cancelled && result.list.length > 1 && !result.chosen) setTenants(result);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [username]);

  return <TenantSelectModal tenants={tenants} required onClose={() => setTenants(null)} />;
}
