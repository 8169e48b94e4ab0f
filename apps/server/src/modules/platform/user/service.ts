import { type CurrentUserDeparts, PASSWORD_POLICY, type UpdatePasswordRequest, type UserInfo } from '@aps/shared';
import { verify } from '@node-rs/argon2';
import { and, asc, eq } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../../core/envelope.ts';
import type { InvalidationBus } from '../../../core/invalidation.ts';
import type { Db } from '../../../db/client.ts';
import { hashPassword } from '../auth/service.ts';
import { sysDepart, sysUser, sysUserDepart } from '../system/tables.ts';
import { loadUserInfo } from './profile.ts';

export interface UserService {
  idByUsername(username: string): Promise<string | null>;
  info(userId: string, tenantId: number): Promise<UserInfo>;
  /** The user's departments in the tenant and the one they work in now (§3). */
  currentDeparts(userId: string, tenantId: number): Promise<CurrentUserDeparts>;
  /** Switches the current department; it must be one of the user's own (§4). */
  selectDepart(userId: string, tenantId: number, orgCode: string): Promise<UserInfo>;
  /** Changes the signed-in user's own password after checking the old one. */
  updatePassword(userId: string, username: string, input: UpdatePasswordRequest): Promise<void>;
}

export const USER_MESSAGES = {
  noDeparts: '您尚未设置部门信息!',
  notYourDepart: '只能切换到您所属的部门',
  otherUser: '只能修改当前登录用户的密码',
  oldWrong: '旧密码输入错误',
  samePassword: '新密码不能与旧密码相同',
} as const;

export function createUserService({
  db,
  invalidation,
}: {
  db: Db;
  invalidation: Pick<InvalidationBus, 'publish'>;
}): UserService {
  async function departsOf(userId: string, tenantId: number) {
    return db
      .select({
        id: sysDepart.id,
        orgCode: sysDepart.orgCode,
        departName: sysDepart.departName,
        departNameAbbr: sysDepart.departNameAbbr,
        orgCategory: sysDepart.orgCategory,
      })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
      .where(and(eq(sysUserDepart.userId, userId), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, 0)))
      .orderBy(asc(sysDepart.orgCode));
  }

  return {
    async idByUsername(username) {
      const [row] = await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
      return row?.id ?? null;
    },

    async info(userId, tenantId) {
      const info = await loadUserInfo(db, userId, tenantId);
      if (!info) throw notFound('用户不存在');
      return info;
    },

    async currentDeparts(userId, tenantId) {
      const [list, [user]] = await Promise.all([
        departsOf(userId, tenantId),
        db.select({ orgCode: sysUser.orgCode }).from(sysUser).where(eq(sysUser.id, userId)),
      ]);
      return { list, orgCode: user?.orgCode ?? null };
    },

    async selectDepart(userId, tenantId, orgCode) {
      const list = await departsOf(userId, tenantId);
      if (list.length === 0) throw badRequest(USER_MESSAGES.noDeparts);
      if (!list.some((d) => d.orgCode === orgCode)) throw forbidden(USER_MESSAGES.notYourDepart);
      await db.update(sysUser).set({ orgCode, updateTime: new Date() }).where(eq(sysUser.id, userId));
      // The cached session carries the current department (data rules' #{sys_org_code}): forget it.
      await invalidation.publish({ kind: 'users', ids: [userId] });
      return this.info(userId, tenantId);
    },

    async updatePassword(userId, username, input) {
      if (input.username !== username) throw forbidden(USER_MESSAGES.otherUser);
      if (!PASSWORD_POLICY.pattern.test(input.password)) throw badRequest(PASSWORD_POLICY.message);
      const [user] = await db.select({ hash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, userId));
      if (!user || !(await verify(user.hash, input.oldpassword).catch(() => false)))
        throw badRequest(USER_MESSAGES.oldWrong);
      if (input.oldpassword === input.password) throw badRequest(USER_MESSAGES.samePassword);
      await db
        .update(sysUser)
        .set({ passwordHash: await hashPassword(input.password), updateTime: new Date() })
        .where(eq(sysUser.id, userId));
    },
  };
}
