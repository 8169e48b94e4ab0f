import crypto from 'node:crypto';
import { expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/modules/platform/auth/service.ts';
import { sysRole, sysUser, sysUserDepart, sysUserRole, sysUserTenant } from '../src/modules/platform/system/tables.ts';
import { seedId } from '../src/seed/ids.ts';

import { databaseUrlOn, onServer } from './global-setup.ts';

export { TEST_ADMIN_PASSWORD } from './global-setup.ts';
export const DEMO_PASSWORD = 'Aps@2026';

const fileDatabases = new Map<string, Promise<string>>();

/**
 * This test file's own database, cloned from the seeded template on first use. A worker runs several files one
 * after another in one module context (`isolate: false`), so the memo is keyed by the file.
 */
export function fileDatabaseUrl(): Promise<string> {
  const file = expect.getState().testPath ?? '';
  const known = fileDatabases.get(file);
  if (known) return known;
  const fileDatabase = (async () => {
    const serverUrl = inject('databaseUrl');
    const name = `${inject('databasePrefix')}_${crypto.randomBytes(4).toString('hex')}`;
    // Clones of one template must not run at once: PostgreSQL refuses while another session uses it.
    for (let attempt = 0; ; attempt++) {
      try {
        await onServer(serverUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
        return databaseUrlOn(serverUrl, name);
      } catch (err) {
        if (attempt >= 50 || !String(err).includes('is being accessed by other users')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
      }
    }
  })();
  fileDatabases.set(file, fileDatabase);
  return fileDatabase;
}

/** The real app on the run's database, driven in-process with app.inject (no socket, same code path). */
export async function createTestApp(overrides: Partial<AppConfig> = {}) {
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: inject('dataDir'), LOG_LEVEL: 'silent' }),
    ...overrides,
  };
  const database = connectDatabase(await fileDatabaseUrl(), 5);
  const built = await buildApp({ config, db: database.db });
  await built.app.ready();
  const { app } = built;

  async function login(username: string, password = DEMO_PASSWORD) {
    const res = await app.inject({ method: 'POST', url: '/aps/sys/login', payload: { username, password } });
    const body = res.json();
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${body.message}`);
    return body.result.token as string;
  }

  /** A fresh user of its own, so tests that lock or revoke never disturb the seeded ones. */
  async function createUser(opts: { roles?: string[]; tenantId?: number; departs?: string[]; password?: string } = {}) {
    const username = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 18);
    const tenantId = opts.tenantId ?? 1;
    const [user] = await database.db
      .insert(sysUser)
      .values({
        username,
        realname: `测试${username}`,
        passwordHash: await hashPassword(opts.password ?? DEMO_PASSWORD),
        orgCode: opts.departs?.[0] ?? 'A01',
      })
      .returning();
    if (!user) throw new Error('user insert failed');
    await database.db.insert(sysUserTenant).values({ userId: user.id, tenantId });
    for (const code of opts.departs ?? ['A01']) {
      await database.db.insert(sysUserDepart).values({ userId: user.id, depId: seedId(`depart:${code}`) });
    }
    for (const role of opts.roles ?? []) {
      await database.db.insert(sysUserRole).values({ userId: user.id, roleId: seedId(`role:${tenantId}:${role}`) });
    }
    return { id: user.id, username, password: opts.password ?? DEMO_PASSWORD };
  }

  return {
    ...built,
    db: database.db,
    pool: database.pool,
    login,
    createUser,
    roleId: (tenantId: number, code: string) => seedId(`role:${tenantId}:${code}`),
    sysRole,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
