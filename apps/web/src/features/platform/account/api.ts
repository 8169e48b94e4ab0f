import type {
  AccountProfileRequest,
  AccountProfileResult,
  AccountSessionDto,
  AccountTenants,
  NotifySettingsDto,
  NotifySettingsRequest,
  UserInfo,
} from '@aps/shared';
import { ACCOUNT_API } from '@aps/shared/constants';
import { http } from '../../../shared/http.ts';
import { SESSION_TTL_MS, STORAGE_KEYS, storage } from '../../../shared/storage.ts';

export const ACCOUNT_KEYS = {
  sessions: ['account', 'sessions'] as const,
  tenants: ['account', 'tenants'] as const,
  notifySettings: ['account', 'notifySettings'] as const,
};

export const getTenants = () => http.get<AccountTenants>(ACCOUNT_API.tenants);

export const selectTenant = (tenantId: number) =>
  http.post<{ userInfo: UserInfo }>(ACCOUNT_API.selectTenant, { tenantId });

export const updateProfile = (body: AccountProfileRequest) => http.put<AccountProfileResult>(ACCOUNT_API.profile, body);

export const getSessions = () => http.get<AccountSessionDto[]>(ACCOUNT_API.sessions);

export const getNotifySettings = () => http.get<NotifySettingsDto>(ACCOUNT_API.notifySettings);

export const saveNotifySettings = (body: NotifySettingsRequest) =>
  http.put<NotifySettingsDto>(ACCOUNT_API.notifySettings, body);

export const revokeSession = (id: string) => http.post<null>(ACCOUNT_API.revokeSession, { id });

/**
 * Works in `tenantId` from now on: the server checks the user belongs to it and remembers the choice; the tenant-id
 * header of every later request follows the stored tenant. Menus and codes differ per tenant, so the workspace
 * loads anew on the home page.
 */
export async function switchTenant(tenantId: number): Promise<void> {
  const { userInfo } = await selectTenant(tenantId);
  storage.set(STORAGE_KEYS.tenantId, userInfo.tenantId, SESSION_TTL_MS);
  storage.set(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL_MS);
  window.location.assign('/dashboard/analysis');
}
