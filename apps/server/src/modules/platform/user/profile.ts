import { formatDateTime, type UserInfo } from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

type UserRow = {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  sex: number | null;
  org_code: string | null;
  org_code_txt: string | null;
  user_type: string;
  user_end: string;
  status: number;
  create_time: string;
  tenant_ids: number[] | null;
};

/** The user info the client keeps after login (§3), in the tenant the session works in. */
export async function loadUserInfo(db: DbOrTx, userId: string, tenantId: number): Promise<UserInfo | null> {
  const result = await db.execute<UserRow>(sql`
    SELECT u.id, u.username, u.realname, u.avatar, u.phone, u.email, u.birthday::text AS birthday, u.sex,
           u.org_code, d.depart_name AS org_code_txt, u.user_type, u.user_end, u.status, u.create_time,
           (SELECT array_agg(ut.tenant_id ORDER BY ut.tenant_id) FROM sys_user_tenant ut WHERE ut.user_id = u.id) AS tenant_ids
    FROM sys_user u LEFT JOIN sys_depart d ON d.org_code = u.org_code
    WHERE u.id = ${userId}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    phone: row.phone,
    email: row.email,
    birthday: row.birthday,
    sex: row.sex,
    orgCode: row.org_code,
    orgCodeTxt: row.org_code_txt,
    userType: row.user_type,
    userEnd: row.user_end.split(',').filter(Boolean),
    status: row.status,
    relTenantIds: (row.tenant_ids ?? []).join(','),
    tenantId: String(tenantId),
    createTime: formatDateTime(row.create_time) ?? '',
  };
}

export async function loadTenantList(db: DbOrTx, userId: string): Promise<{ id: string; name: string }[]> {
  const result = await db.execute<{ id: number; name: string }>(sql`
    SELECT t.id, t.name FROM sys_user_tenant ut JOIN sys_tenant t ON t.id = ut.tenant_id
    WHERE ut.user_id = ${userId} AND t.status = 1 ORDER BY t.id`);
  return result.rows.map((r) => ({ id: String(r.id), name: r.name }));
}
