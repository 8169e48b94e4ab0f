import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { appMeta } from '../db/tables.ts';
import { sysAnnouncement } from '../modules/platform/announcement/tables.ts';
import { hashPassword } from '../modules/platform/auth/service.ts';
import { qaQuestionsAndAnswers } from '../modules/platform/qa/tables.ts';
import {
  sysDepart,
  sysDict,
  sysDictItem,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysTenant,
  sysUser,
  sysUserDepart,
  sysUserRole,
  sysUserTenant,
} from '../modules/platform/system/tables.ts';
import { purchaseRecord } from '../modules/procurement/purchase/tables.ts';
import { demoAnnouncements } from './announcements.ts';
import { seedSystemConfig, systemConfigSeed } from './config.ts';
import { dictSeeds } from './dicts.ts';
import { EXPERT_PROFILES, seedExperts } from './experts.ts';
import { seedId } from './ids.ts';
import { MENU_TREE, type MenuSeed } from './menus.ts';
import { DEMO_PASSWORD, DEPARTS, TENANTS, USERS } from './org.ts';
import { DEMO_PACKAGES, DEMO_PLANS, seedEndAudits, seedProcurement } from './procurement.ts';
import { demoPurchases } from './purchases.ts';
import { demoQaEntries } from './qa.ts';
import { reportSeedContent, seedReports } from './reports.ts';
import { ROLES, type RoleSeed } from './roles.ts';
import { CERTIFICATES, LIFECYCLE_SUPPLIERS, SUPPLIERS, seedBidding, seedSuppliers } from './suppliers.ts';
import { seedDirectors, seedWorkflows, workflowSeedContent } from './workflows.ts';

/** Bump when the seed's meaning changes in a way the content hash would not show. */
const SEED_VERSION = 1;
const DEMO_PURCHASES_PER_TENANT = { 1: 360, 2: 40 } as const;

interface FlatPermission {
  id: string;
  parentId: string | null;
  path: string | null;
  ancestors: string[];
  row: typeof sysPermission.$inferInsert;
}

export function flattenMenus(tree: MenuSeed[]): FlatPermission[] {
  const out: FlatPermission[] = [];
  const walk = (nodes: MenuSeed[], parent: FlatPermission | null, depth: number) => {
    nodes.forEach((m, index) => {
      const id = seedId(`menu:${m.path}`);
      const ancestors = parent ? [...parent.ancestors, parent.id] : [];
      const item: FlatPermission = {
        id,
        parentId: parent?.id ?? null,
        path: m.path,
        ancestors,
        row: {
          id,
          parentId: parent?.id ?? null,
          name: m.title,
          url: m.path,
          component: m.component ?? null,
          componentName: m.componentName ?? m.component?.split('/').pop() ?? null,
          redirect: m.redirect ?? null,
          menuType: depth === 0 ? 0 : 1,
          sortNo: index + 1,
          alwaysShow: m.alwaysShow ?? false,
          icon: m.icon ?? null,
          isRoute: m.isRoute ?? true,
          isLeaf: !m.children?.length,
          keepAlive: m.keepAlive ?? false,
          hidden: m.hidden ?? false,
          internalOrExternal: m.external ?? false,
        },
      };
      out.push(item);
      m.buttons?.forEach(([code, name], i) => {
        const buttonId = seedId(`button:${m.path}:${code}`);
        out.push({
          id: buttonId,
          parentId: id,
          path: null,
          ancestors: [...ancestors, id],
          row: {
            id: buttonId,
            parentId: id,
            name,
            perms: code,
            menuType: 2,
            sortNo: i + 1,
            isRoute: false,
            isLeaf: true,
          },
        });
      });
      if (m.children) walk(m.children, item, depth + 1);
    });
  };
  walk(tree, null, 0);
  return out;
}

/** The permission ids a role is granted: whole subtrees of its paths and their ancestors, minus excluded subtrees and buttons. */
export function grantedPermissionIds(role: RoleSeed, flat: FlatPermission[]): string[] {
  if (role.grant === 'all') return flat.map((f) => f.id);
  const { paths, excludePaths = [], excludeButtons = [] } = role.grant;
  const roots = new Set(flat.filter((f) => f.path && paths.includes(f.path)).map((f) => f.id));
  const cut = new Set(flat.filter((f) => f.path && excludePaths.includes(f.path)).map((f) => f.id));
  const granted = new Set<string>();
  for (const f of flat) {
    const inSubtree = roots.has(f.id) || f.ancestors.some((a) => roots.has(a));
    if (!inSubtree) continue;
    if (cut.has(f.id) || f.ancestors.some((a) => cut.has(a))) continue;
    if (f.row.menuType === 2 && f.row.perms && excludeButtons.includes(f.row.perms)) continue;
    granted.add(f.id);
    for (const a of f.ancestors) granted.add(a);
  }
  return [...granted];
}

function seedHash(): string {
  const content = JSON.stringify({
    SEED_VERSION,
    MENU_TREE,
    TENANTS,
    DEPARTS,
    ROLES,
    USERS,
    dicts: dictSeeds(),
    DEMO_PURCHASES_PER_TENANT,
    announcements: demoAnnouncements(),
    qa: demoQaEntries(),
    systemConfig: systemConfigSeed(),
    reports: reportSeedContent(),
    SUPPLIERS,
    LIFECYCLE_SUPPLIERS,
    CERTIFICATES,
    bidding: 'notices and sign-ups of the demo packages v1',
    workflows: workflowSeedContent(),
    procurement: { DEMO_PLANS, DEMO_PACKAGES },
    EXPERT_PROFILES,
  });
  return crypto.createHash('sha256').update(content).digest('hex');
}

/**
 * Brings the database to the seeded state. Idempotent: rows have stable ids and are upserted, and a
 * hash of the seed lets a warm start skip the work entirely. Passwords are set only when a user is created.
 */
export async function seedDemo(
  db: Db,
  { adminPassword, demo }: { adminPassword: string; demo: boolean },
): Promise<boolean> {
  const hash = `${seedHash()}:${demo ? 'demo' : 'base'}`;
  const [current] = await db.select().from(appMeta).where(eq(appMeta.key, 'seed_hash'));
  if (current?.value === hash) return false;
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(DEMO_PASSWORD)]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(86087)`);
    await seedTenantsAndOrg(tx);
    await seedDictionaries(tx);
    const flat = flattenMenus(MENU_TREE);
    await seedMenus(tx, flat);
    await seedRoles(tx, flat);
    await seedUsers(tx, demo ? USERS : USERS.filter((u) => u.isAdmin), adminHash, demoHash);
    // Seeded rows are inserted once and then belong to the administrators: a re-seed never overwrites edits.
    await seedSystemConfig(
      tx,
      TENANTS.map((t) => t.id),
    );
    await seedReports(
      tx,
      TENANTS.map((t) => t.id),
    );
    await seedDirectors(tx);
    await seedWorkflows(tx);
    if (demo) {
      await seedSuppliers(tx, new Set(USERS.map((u) => u.username)));
      await seedExperts(tx, new Set(USERS.map((u) => u.username)));
      await seedPurchases(tx);
      await seedProcurement(tx);
      await seedBidding(
        tx,
        DEMO_PACKAGES.map((d) => ({
          key: `${d.plan}:${d.no}`,
          stage: d.stage,
          ...(d.election ? { election: d.election } : {}),
        })),
      );
      await seedEndAudits(tx);
      await seedLoginHistory(tx);
      await tx.insert(sysAnnouncement).values(demoAnnouncements()).onConflictDoNothing();
      await seedAnnouncementDelivery(tx);
      await tx.insert(qaQuestionsAndAnswers).values(demoQaEntries()).onConflictDoNothing();
    }
    await tx
      .insert(appMeta)
      .values({ key: 'seed_hash', value: hash })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: hash, updateTime: new Date() } });
  });
  return true;
}

/**
 * Published demo announcements reach their users as a release does (send rows), so 系统通告 shows their 已读/送达
 * figures instead of 0/0 (issue 11 §7). Users added later get theirs on the next seed.
 */
async function seedAnnouncementDelivery(tx: Tx) {
  await tx.execute(sql`
    INSERT INTO sys_announcement_send (annt_id, user_id)
    SELECT a.id, ut.user_id
    FROM sys_announcement a
    JOIN sys_user_tenant ut ON ut.tenant_id = a.tenant_id
    JOIN sys_user u ON u.id = ut.user_id AND u.del_flag = 0
    WHERE a.id IN (${sql.join(
      demoAnnouncements()
        .filter((a) => a.sendStatus === '1' && a.msgType === 'ALL')
        .map((a) => sql`${a.id}::uuid`),
      sql`, `,
    )})
    ON CONFLICT (annt_id, user_id) DO NOTHING`);
}

async function seedTenantsAndOrg(tx: Tx) {
  for (const t of TENANTS) {
    await tx
      .insert(sysTenant)
      .values({ id: t.id, name: t.name })
      .onConflictDoUpdate({ target: sysTenant.id, set: { name: t.name } });
  }
  // Identity values were given explicitly: move the sequence past them for tenants created later.
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('sys_tenant', 'id'), GREATEST((SELECT max(id) FROM sys_tenant), 1))`,
  );
  for (const [index, d] of DEPARTS.entries()) {
    const values = {
      id: seedId(`depart:${d.orgCode}`),
      tenantId: d.tenantId,
      parentId: d.parent ? seedId(`depart:${d.parent}`) : null,
      departName: d.name,
      departNameAbbr: d.abbr,
      orgCode: d.orgCode,
      orgCategory: d.category,
      departOrder: index,
    };
    await tx.insert(sysDepart).values(values).onConflictDoUpdate({ target: sysDepart.id, set: values });
  }
}

async function seedDictionaries(tx: Tx) {
  for (const d of dictSeeds()) {
    const dictId = seedId(`dict:${d.code}`);
    await tx
      .insert(sysDict)
      .values({ id: dictId, dictCode: d.code, dictName: d.name })
      .onConflictDoUpdate({ target: sysDict.dictCode, set: { dictName: d.name } });
    const [row] = await tx.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, d.code));
    const items = d.items.map(([value, text, color], i) => ({
      dictId: row?.id ?? dictId,
      itemValue: value,
      itemText: text,
      itemColor: color ?? null,
      sortOrder: i + 1,
    }));
    await tx
      .insert(sysDictItem)
      .values(items)
      .onConflictDoUpdate({
        target: [sysDictItem.dictId, sysDictItem.itemValue],
        set: {
          itemText: sql`excluded.item_text`,
          itemColor: sql`excluded.item_color`,
          sortOrder: sql`excluded.sort_order`,
        },
      });
  }
}

async function seedMenus(tx: Tx, flat: FlatPermission[]) {
  for (const f of flat) {
    const { id: _, ...set } = f.row;
    await tx.insert(sysPermission).values(f.row).onConflictDoUpdate({ target: sysPermission.id, set });
  }
}

async function seedRoles(tx: Tx, flat: FlatPermission[]) {
  for (const r of ROLES) {
    const roleId = seedId(`role:${r.tenantId}:${r.code}`);
    const values = {
      id: roleId,
      tenantId: r.tenantId,
      roleCode: r.code,
      roleName: r.name,
      description: r.description,
      dataScope: r.dataScope,
    };
    await tx.insert(sysRole).values(values).onConflictDoUpdate({ target: sysRole.id, set: values });
    const ids = grantedPermissionIds(r, flat);
    if (ids.length) {
      await tx
        .insert(sysRolePermission)
        .values(ids.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    }
  }
}

async function seedUsers(tx: Tx, users: typeof USERS, adminHash: string, demoHash: string) {
  for (const u of users) {
    const userId = seedId(`user:${u.username}`);
    const firstDepart = u.departs[0];
    const tenantIds = [...new Set(u.roles.map((r) => r.tenantId))];
    await tx
      .insert(sysUser)
      .values({
        id: userId,
        username: u.username,
        realname: u.realname,
        passwordHash: u.isAdmin ? adminHash : demoHash,
        phone: u.phone,
        email: u.email,
        sex: u.sex,
        userType: u.userType,
        userEnd: u.userEnd,
        post: u.post,
        orgCode: firstDepart ?? null,
        // A demo user of several tenants starts in the first (issue 18 §2: the header switches; a user who never
        // chose is asked after sign-in).
        loginTenantId: tenantIds.length > 1 ? (tenantIds[0] ?? null) : null,
      })
      .onConflictDoNothing();
    await tx
      .insert(sysUserTenant)
      .values(tenantIds.map((tenantId) => ({ userId, tenantId })))
      .onConflictDoNothing();
    await tx
      .insert(sysUserDepart)
      .values(u.departs.map((code) => ({ userId, depId: seedId(`depart:${code}`) })))
      .onConflictDoNothing();
    await tx
      .insert(sysUserRole)
      .values(u.roles.map((r) => ({ userId, roleId: seedId(`role:${r.tenantId}:${r.code}`) })))
      .onConflictDoNothing();
  }
}

/**
 * Four weeks of sign-ins by the demo users, so the log page's visits chart and login log show something on a
 * fresh demo. Written once: only while the log holds no sign-in from before today.
 */
async function seedLoginHistory(tx: Tx) {
  await tx.execute(sql`
    INSERT INTO sys_log (tenant_id, log_type, log_content, userid, username, ip, method, request_url, status_code,
                         success, cost_time, create_time)
    SELECT 1, 1, '用户名: ' || u.username || ', 登录成功 (password)', u.id::text, u.username,
           '10.20.' || (d % 5) || '.' || (11 + n), 'POST', '/aps/sys/login', 200, true, 40 + (n * 17 + d) % 90,
           date_trunc('day', now()) - make_interval(days => d) + make_interval(hours => 8 + (n * 5 + d) % 10,
                                                                              mins => (n * 13 + d * 7) % 60)
    FROM generate_series(1, 28) AS d
    CROSS JOIN LATERAL generate_series(1, 4 + (d * 7) % 9) AS n
    JOIN sys_user u ON u.username = (ARRAY['admin', 'buyer01', 'expert01', 'branch01', 'project01', 'supplier01'])[1 + (d + n) % 6]
    WHERE NOT EXISTS (SELECT 1 FROM sys_log WHERE log_type = 1 AND create_time < date_trunc('day', now()))`);
}

async function seedPurchases(tx: Tx) {
  const projectCodes = (tenantId: number) =>
    DEPARTS.filter((d) => d.tenantId === tenantId && d.category !== '1').map((d) => d.orgCode);
  for (const [tenant, count] of Object.entries(DEMO_PURCHASES_PER_TENANT)) {
    const tenantId = Number(tenant);
    const rows = demoPurchases(tenantId, projectCodes(tenantId), count, tenantId === 1 ? 'HX' : 'YH');
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insert(purchaseRecord)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing();
    }
  }
}
