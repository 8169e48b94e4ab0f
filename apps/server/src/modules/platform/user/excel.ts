import crypto from 'node:crypto';
import { USER_EXCEL_HEADERS as H, USER_IMPORT_EXISTING, type UserImportRow, userImportRowSchema } from '@aps/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { hashPassword } from '../auth/service.ts';
import type { ImportSpec } from '../excel/import.ts';
import type { SheetRow } from '../excel/workbook.ts';
import { sysUser, sysUserTenant } from '../system/tables.ts';

/** The columns an import reads: the export's first seven (department, role, status and time are not imported). */
export const USER_IMPORT_HEADERS = [H.username, H.realname, H.sex, H.birthday, H.phone, H.email, H.post];

const SEX: Record<string, number> = { 男: 1, 女: 2, '1': 1, '2': 2 };

/**
 * A sheet row as the add form's fields: 性别 may be 男/女 or 1/2 (anything else goes on so that the schema refuses
 * it), a date cell becomes YYYY-MM-DD, blank cells are "not filled in".
 */
export function userRowToInput(row: SheetRow) {
  const c = row.cells;
  const sex = c[H.sex] ? (SEX[c[H.sex] ?? ''] ?? c[H.sex]) : null;
  const birthday = c[H.birthday] ? (c[H.birthday] ?? '').replace(/^(\d{4}-\d{2}-\d{2})T.*$/, '$1') : null;
  return {
    username: c[H.username] ?? '',
    realname: c[H.realname] ?? '',
    phone: c[H.phone] ?? '',
    email: c[H.email] || null,
    sex,
    birthday,
    post: c[H.post] || null,
  };
}

export type UserInsert = typeof sysUser.$inferInsert;

/**
 * How the user list imports (§7 import): rows validated with the shared `userImportRowSchema` (the add form's
 * rules and §5 messages); an account, phone or e-mail already taken (or repeated in the upload) refuses the row.
 * Imported accounts join the tenant with no password anyone knows (one random, unusable hash): spreadsheets never
 * carry passwords, and an administrator sets one with 修改密码 before the user signs in.
 */
export async function userImportSpec(db: DbOrTx, tenantId: number): Promise<ImportSpec<UserImportRow, UserInsert>> {
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const seen = { username: new Set<string>(), phone: new Set<string>(), email: new Set<string>() };
  const taken = async (column: 'username' | 'phone' | 'email', value: string) =>
    seen[column].has(value.toLowerCase()) ||
    (await db.execute(sql`SELECT 1 FROM sys_user WHERE ${sql.identifier(column)} = ${value} LIMIT 1`)).rows.length > 0;
  return {
    title: '用户',
    headers: USER_IMPORT_HEADERS,
    requiredHeaders: [H.username, H.realname, H.phone],
    schema: userImportRowSchema,
    toInput: userRowToInput,
    existingRows: USER_IMPORT_EXISTING,
    async prepare(data) {
      if (await taken('username', data.username)) return { error: '用户账号已存在' };
      if (await taken('phone', data.phone)) return { error: '手机号已存在' };
      if (data.email && (await taken('email', data.email))) return { error: '邮箱已存在' };
      seen.username.add(data.username.toLowerCase());
      seen.phone.add(data.phone.toLowerCase());
      if (data.email) seen.email.add(data.email.toLowerCase());
      return {
        username: data.username,
        realname: data.realname,
        passwordHash,
        phone: data.phone,
        email: data.email,
        sex: data.sex,
        birthday: data.birthday,
        post: data.post,
      };
    },
    async insert(tx, rows) {
      for (let i = 0; i < rows.length; i += 500) {
        const users = await tx
          .insert(sysUser)
          .values(rows.slice(i, i + 500))
          .returning({ id: sysUser.id });
        await tx.insert(sysUserTenant).values(users.map((u) => ({ userId: u.id, tenantId })));
      }
      return 0; // taken accounts were refused in prepare: every row is new
    },
  };
}
