import {
  type ExcelImportResult,
  USER_EXCEL_HEADERS as H,
  type PageResult,
  USER_STATUS,
  type UserAddRequest,
  type UserComponentQuery,
  type UserEditRequest,
  type UserListQuery,
  type UserListRow,
} from '@aps/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../../core/envelope.ts';
import { filterSql, superQueryWhere } from '../../../core/super-query.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { hashPassword } from '../auth/service.ts';
import type { SessionStore } from '../auth/session.ts';
import type { ListExport } from '../excel/export.ts';
import type { ExcelImporter, ImportActor, UploadedFile } from '../excel/import.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import type { PermissionService } from '../permission/service.ts';
import { sysDepart, sysRole, sysUser, sysUserDepart, sysUserRole, sysUserTenant } from '../system/tables.ts';
import { like, type Row, SORT_SQL, toRow, USER_COLUMNS } from './admin-rows.ts';
import { userImportSpec } from './excel.ts';

/**
 * User administration inside one tenant. Users are platform-wide rows (sys_user, unique username)
 * that belong to tenants (sys_user_tenant); an administrator sees and changes only the users of the
 * tenant they work in, and only that tenant's roles and departments of those users.
 */
export interface UserAdminService {
  list(tenantId: number, query: UserListQuery): Promise<PageResult<UserListRow>>;
  byId(tenantId: number, id: string): Promise<UserListRow>;
  add(tenantId: number, input: UserAddRequest): Promise<UserListRow>;
  edit(tenantId: number, input: UserEditRequest): Promise<UserListRow>;
  remove(tenantId: number, ids: string[], actorId: string): Promise<number>;
  setStatus(tenantId: number, ids: string[], status: 1 | 2, actorId: string): Promise<number>;
  changePassword(tenantId: number, username: string, password: string): Promise<void>;
  /** null when the value is free, else the message saying what is taken. */
  taken(input: { id?: string; username?: string; phone?: string; email?: string }): Promise<string | null>;
  roleIds(tenantId: number, userId: string): Promise<string[]>;
  ofDepart(tenantId: number, departId: string, realname?: string): Promise<UserListRow[]>;
  many(tenantId: number, ids: string[]): Promise<UserListRow[]>;
  picker(tenantId: number, query: UserComponentQuery): Promise<PageResult<UserListRow>>;
  /** The list as the export streams it, narrowed by the list's own where-clause (`listFilters`). */
  exportList(tenantId: number, query: UserListQuery): ListExport<UserListRow>;
  /** §7 import: each file's valid rows join the tenant in that file's transaction; bad rows → code 201. */
  importFiles(actor: ImportActor, files: UploadedFile[]): Promise<ExcelImportResult>;
}

export const USER_ADMIN_MESSAGES = {
  usernameTaken: '用户账号已存在',
  phoneTaken: '手机号已存在',
  emailTaken: '邮箱已存在',
  notFound: '用户不存在',
  rolesOutside: '所选角色不属于当前租户',
  departsOutside: '所选部门不属于当前租户',
  self: '不能对当前登录用户执行此操作',
} as const;

export function createUserAdminService({
  db,
  sessions,
  permissions,
  importExcel,
}: {
  db: Db;
  sessions: Pick<SessionStore, 'revokeAllForUser'>;
  permissions: Pick<PermissionService, 'invalidate'>;
  importExcel: ExcelImporter;
}): UserAdminService {
  /** Users of the tenant matching `where`, with their departments and roles in that tenant. */
  async function select(
    tx: DbOrTx,
    tenantId: number,
    where: SQL[],
    page?: { column: keyof typeof SORT_SQL; order: 'asc' | 'desc'; offset: number; limit: number },
  ) {
    const dir = page?.order === 'asc' ? sql`ASC` : sql`DESC`;
    const result = await tx.execute<Row>(sql`
      SELECT u.id, u.username, u.realname, u.phone, u.email, u.birthday::text AS birthday, u.sex, u.avatar, u.post,
             u.status, u.user_type, u.user_end, u.org_code, cd.depart_name AS org_code_txt, u.create_time,
             COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.depart_name) ORDER BY d.org_code)
                       FROM sys_user_depart ud JOIN sys_depart d ON d.id = ud.dep_id
                       WHERE ud.user_id = u.id AND d.tenant_id = ${tenantId} AND d.del_flag = 0), '[]') AS departs,
             COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.role_name) ORDER BY r.role_name)
                       FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id
                       WHERE ur.user_id = u.id AND r.tenant_id = ${tenantId}), '[]') AS roles
      FROM sys_user u
      JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
      LEFT JOIN sys_depart cd ON cd.org_code = u.org_code
      WHERE u.del_flag = 0 ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}
      ORDER BY ${page ? SORT_SQL[page.column] : sql`u.create_time`} ${dir} NULLS LAST, u.id ${dir}
      ${page ? sql`OFFSET ${page.offset} LIMIT ${page.limit}` : sql`LIMIT 10000`}`);
    return result.rows.map(toRow);
  }

  async function countOf(tenantId: number, where: SQL[]) {
    const result = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sys_user u
      JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
      WHERE u.del_flag = 0 ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}`);
    return result.rows[0]?.n ?? 0;
  }

  function listFilters(q: Partial<UserListQuery>): SQL[] {
    const where: SQL[] = [];
    // Plain text means "contains"; a wrapped value (*v*, !v, >=v, <=v, …) asks for its own rule.
    for (const field of ['username', 'realname', 'phone'] as const) {
      const condition = filterSql(field, q[field], USER_COLUMNS, 'like');
      if (condition) where.push(condition);
    }
    if (q.status) where.push(sql`u.status = ${Number(q.status)}`);
    if (q.departId)
      where.push(sql`EXISTS (SELECT 1 FROM sys_user_depart ud WHERE ud.user_id = u.id AND ud.dep_id = ${q.departId})`);
    const advanced = superQueryWhere(q.superQueryParams, q.superQueryMatchType, USER_COLUMNS);
    if (advanced) where.push(advanced);
    return where;
  }

  async function page(
    tenantId: number,
    where: SQL[],
    q: { pageNo: number; pageSize: number; column?: keyof typeof SORT_SQL; order?: 'asc' | 'desc' },
  ) {
    const [total, records] = await Promise.all([
      countOf(tenantId, where),
      select(db, tenantId, where, {
        column: q.column ?? 'createTime',
        order: q.order ?? 'desc',
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      }),
    ]);
    return { records, total, size: q.pageSize, current: q.pageNo, pages: Math.ceil(total / q.pageSize) };
  }

  async function inTenant(tx: DbOrTx, tenantId: number, ids: string[]) {
    const rows = await tx
      .select({ id: sysUser.id, username: sysUser.username })
      .from(sysUser)
      .innerJoin(sysUserTenant, and(eq(sysUserTenant.userId, sysUser.id), eq(sysUserTenant.tenantId, tenantId)))
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0)));
    if (rows.length === 0) throw notFound(USER_ADMIN_MESSAGES.notFound);
    return rows;
  }

  /** Departments (id → orgCode) and roles, all checked to belong to the tenant. */
  async function checkRefs(tx: DbOrTx, tenantId: number, roleIds: string[], departIds: string[]) {
    if (roleIds.length) {
      const roles = await tx
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(inArray(sysRole.id, roleIds), eq(sysRole.tenantId, tenantId)));
      if (roles.length !== new Set(roleIds).size) throw badRequest(USER_ADMIN_MESSAGES.rolesOutside);
    }
    const departs = departIds.length
      ? await tx
          .select({ id: sysDepart.id, orgCode: sysDepart.orgCode })
          .from(sysDepart)
          .where(and(inArray(sysDepart.id, departIds), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)))
      : [];
    if (departs.length !== new Set(departIds).size) throw badRequest(USER_ADMIN_MESSAGES.departsOutside);
    // Keep the order the administrator chose: the first department becomes the current one.
    return departIds.map((id) => departs.find((d) => d.id === id)!).filter((d, i, all) => all.indexOf(d) === i);
  }

  async function replaceLinks(tx: DbOrTx, tenantId: number, userId: string, roleIds: string[], departIds: string[]) {
    await tx.execute(sql`DELETE FROM sys_user_role ur USING sys_role r
      WHERE ur.role_id = r.id AND r.tenant_id = ${tenantId} AND ur.user_id = ${userId}`);
    await tx.execute(sql`DELETE FROM sys_user_depart ud USING sys_depart d
      WHERE ud.dep_id = d.id AND d.tenant_id = ${tenantId} AND ud.user_id = ${userId}`);
    const roles = [...new Set(roleIds)];
    if (roles.length) await tx.insert(sysUserRole).values(roles.map((roleId) => ({ userId, roleId })));
    const departs = [...new Set(departIds)];
    if (departs.length) await tx.insert(sysUserDepart).values(departs.map((depId) => ({ userId, depId })));
  }

  async function takenMessage(
    tx: DbOrTx,
    input: { id?: string; username?: string; phone?: string | null; email?: string | null },
  ): Promise<string | null> {
    const other = input.id ? sql`AND id <> ${input.id}` : sql``;
    const check = async (column: SQL, value: string) =>
      (await tx.execute(sql`SELECT 1 FROM sys_user WHERE ${column} = ${value} ${other} LIMIT 1`)).rows.length > 0;
    // Usernames stay taken by deleted users too: the unique index covers every row.
    if (input.username && (await check(sql`username`, input.username))) return USER_ADMIN_MESSAGES.usernameTaken;
    if (input.phone && (await check(sql`phone`, input.phone))) return USER_ADMIN_MESSAGES.phoneTaken;
    if (input.email && (await check(sql`email`, input.email))) return USER_ADMIN_MESSAGES.emailTaken;
    return null;
  }

  async function write<T>(run: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(run);
    } catch (err) {
      const unique = uniqueViolation(err);
      if (unique) {
        const detail = unique.constraint;
        throw badRequest(detail.includes('phone') ? USER_ADMIN_MESSAGES.phoneTaken : USER_ADMIN_MESSAGES.usernameTaken);
      }
      throw err;
    } finally {
      await permissions.invalidate();
    }
  }

  const service: UserAdminService = {
    async list(tenantId, q) {
      return page(tenantId, listFilters(q), q);
    },

    async byId(tenantId, id) {
      const [row] = await select(db, tenantId, [sql`u.id = ${id}`]);
      if (!row) throw notFound(USER_ADMIN_MESSAGES.notFound);
      return row;
    },

    async add(tenantId, input) {
      const passwordHash = await hashPassword(input.password);
      const id = await write(async (tx) => {
        const message = await takenMessage(tx, input);
        if (message) throw badRequest(message);
        const departs = await checkRefs(tx, tenantId, input.roleIds, input.departIds);
        const [user] = await tx
          .insert(sysUser)
          .values({
            username: input.username,
            realname: input.realname,
            passwordHash,
            phone: input.phone,
            email: input.email,
            sex: input.sex,
            birthday: input.birthday,
            avatar: input.avatar,
            post: input.post,
            userType: input.userType,
            userEnd: input.userEnd.join(','),
            orgCode: departs[0]?.orgCode ?? null,
          })
          .returning({ id: sysUser.id });
        await tx.insert(sysUserTenant).values({ userId: user!.id, tenantId });
        await replaceLinks(tx, tenantId, user!.id, input.roleIds, input.departIds);
        return user!.id;
      });
      return service.byId(tenantId, id);
    },

    async edit(tenantId, input) {
      await write(async (tx) => {
        await inTenant(tx, tenantId, [input.id]);
        const message = await takenMessage(tx, { id: input.id, phone: input.phone, email: input.email });
        if (message) throw badRequest(message);
        const departs = await checkRefs(tx, tenantId, input.roleIds, input.departIds);
        const [current] = await tx
          .select({ orgCode: sysUser.orgCode, tenantId: sysDepart.tenantId })
          .from(sysUser)
          .leftJoin(sysDepart, eq(sysDepart.orgCode, sysUser.orgCode))
          .where(eq(sysUser.id, input.id));
        // The current department follows the edit when it was one of this tenant's and is no longer chosen.
        const keepsCurrent =
          !current?.orgCode || current.tenantId !== tenantId || departs.some((d) => d.orgCode === current.orgCode);
        await tx
          .update(sysUser)
          .set({
            realname: input.realname,
            phone: input.phone,
            email: input.email,
            sex: input.sex,
            birthday: input.birthday,
            avatar: input.avatar,
            post: input.post,
            userType: input.userType,
            userEnd: input.userEnd.join(','),
            ...(keepsCurrent ? {} : { orgCode: departs[0]?.orgCode ?? null }),
            updateTime: new Date(),
          })
          .where(eq(sysUser.id, input.id));
        await replaceLinks(tx, tenantId, input.id, input.roleIds, input.departIds);
      });
      return service.byId(tenantId, input.id);
    },

    async remove(tenantId, ids, actorId) {
      if (ids.includes(actorId)) throw forbidden(USER_ADMIN_MESSAGES.self);
      const removed = await write(async (tx) => {
        const users = await inTenant(tx, tenantId, ids);
        for (const { id } of users) {
          // Leaves this tenant: its roles, departments and department roles here go with it.
          await replaceLinks(tx, tenantId, id, [], []);
          await tx.execute(sql`DELETE FROM sys_depart_role_user dru USING sys_depart_role dr
            WHERE dru.role_id = dr.id AND dr.tenant_id = ${tenantId} AND dru.user_id = ${id}`);
          await tx.delete(sysUserTenant).where(and(eq(sysUserTenant.userId, id), eq(sysUserTenant.tenantId, tenantId)));
          // A user of no tenant any more is deleted (soft: logs and records keep pointing at the row).
          await tx.execute(sql`UPDATE sys_user SET del_flag = 1, update_time = now()
            WHERE id = ${id} AND NOT EXISTS (SELECT 1 FROM sys_user_tenant WHERE user_id = ${id})`);
        }
        return users;
      });
      for (const { id } of removed) await sessions.revokeAllForUser(id, 'user removed');
      return removed.length;
    },

    async setStatus(tenantId, ids, status, actorId) {
      if (status === USER_STATUS.frozen && ids.includes(actorId)) throw forbidden(USER_ADMIN_MESSAGES.self);
      const users = await write(async (tx) => {
        const found = await inTenant(tx, tenantId, ids);
        await tx
          .update(sysUser)
          .set({ status, updateTime: new Date() })
          .where(
            inArray(
              sysUser.id,
              found.map((u) => u.id),
            ),
          );
        return found;
      });
      if (status === USER_STATUS.frozen) {
        for (const { id } of users) await sessions.revokeAllForUser(id, 'user frozen');
      }
      return users.length;
    },

    async changePassword(tenantId, username, password) {
      const [user] = await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .innerJoin(sysUserTenant, and(eq(sysUserTenant.userId, sysUser.id), eq(sysUserTenant.tenantId, tenantId)))
        .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
      if (!user) throw notFound(USER_ADMIN_MESSAGES.notFound);
      await db
        .update(sysUser)
        .set({
          passwordHash: await hashPassword(password),
          loginFailCount: 0,
          loginFailSince: null,
          lockedUntil: null,
          updateTime: new Date(),
        })
        .where(eq(sysUser.id, user.id));
      // The old password's sessions end: whoever knew it is signed out.
      await sessions.revokeAllForUser(user.id, 'password reset by administrator');
    },

    taken(input) {
      return takenMessage(db, input);
    },

    async roleIds(tenantId, userId) {
      await inTenant(db, tenantId, [userId]);
      const rows = await db
        .select({ id: sysUserRole.roleId })
        .from(sysUserRole)
        .innerJoin(sysRole, and(eq(sysRole.id, sysUserRole.roleId), eq(sysRole.tenantId, tenantId)))
        .where(eq(sysUserRole.userId, userId));
      return rows.map((r) => r.id);
    },

    async ofDepart(tenantId, departId, realname) {
      const where = listFilters({ departId, realname });
      return select(db, tenantId, where, { column: 'realname', order: 'asc', offset: 0, limit: 10000 });
    },

    async many(tenantId, ids) {
      return select(db, tenantId, [
        sql`u.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ]);
    },

    async picker(tenantId, q) {
      const where: SQL[] = [sql`u.status = ${USER_STATUS.normal}`];
      if (q.username) {
        const field = { username: sql`u.username`, realname: sql`u.realname`, phone: sql`u.phone` }[
          q.field ?? 'username'
        ];
        where.push(
          q.field
            ? sql`${field} ILIKE ${like(q.username)}`
            : sql`(u.username ILIKE ${like(q.username)} OR u.realname ILIKE ${like(q.username)})`,
        );
      }
      if (q.departId) where.push(...listFilters({ departId: q.departId }));
      return page(tenantId, where, q);
    },

    exportList(tenantId, q) {
      const where = listFilters(q);
      const sort = { column: q.column ?? 'createTime', order: q.order ?? 'desc' } as const;
      const text = (key: keyof UserListRow) => (r: UserListRow) =>
        (r[key] as string | number | null | undefined) ?? null;
      return {
        sheetName: '用户列表',
        columns: [
          { header: H.username, width: 18, value: text('username') },
          { header: H.realname, width: 14, value: text('realname') },
          { header: H.sex, width: 8, value: (r) => (r.sex === 1 ? '男' : r.sex === 2 ? '女' : '') },
          { header: H.birthday, width: 12, value: text('birthday') },
          { header: H.phone, width: 14, value: text('phone') },
          { header: H.email, width: 24, value: text('email') },
          { header: '部门', width: 30, value: text('departNames') },
          { header: '角色', width: 20, value: text('roleNames') },
          { header: H.post, width: 14, value: text('post') },
          { header: '状态', width: 8, value: (r) => (r.status === USER_STATUS.frozen ? '冻结' : '正常') },
          { header: '创建时间', width: 20, value: text('createTime') },
        ],
        page: (offset, limit) => select(db, tenantId, where, { ...sort, offset, limit }),
      };
    },

    async importFiles(actor, files) {
      try {
        return await importExcel(actor, files, await userImportSpec(db, actor.tenantId));
      } finally {
        await permissions.invalidate();
      }
    },
  };
  return service;
}
