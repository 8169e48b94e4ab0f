import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

/** What a new user's walk through the demo data found inconsistent (issue 11 §7), checked on the seeded data. */
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

type MenuNode = { path: string; children?: MenuNode[] };
const pathsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.path, ...pathsOf(n.children ?? [])]);

async function menuPaths(username: string): Promise<string[]> {
  const token = await t.login(username, DEMO_PASSWORD);
  const res = await call(token, 'GET', '/sys/permission/getUserPermissionByToken');
  return pathsOf(res.json().result.menu);
}

describe('demo data', () => {
  it('has a package in every stage 1–12, the 结束审核中 one with a live end audit in its first approver’s 我的待办', async () => {
    const stages = await t.pool.query<{ stage: number }>(
      'SELECT DISTINCT purchase_stage AS stage FROM purchase_package WHERE tenant_id = 1 ORDER BY 1',
    );
    expect(stages.rows.map((r) => r.stage)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const audit = await t.pool.query<{ approval_status: string; status: string; assignee: string }>(
      `SELECT p.approval_status, i.status, k.assignee FROM purchase_package p
       JOIN wf_instance i ON i.id::text = p.instance_id::text AND i.business_type = 'end_audit' AND i.business_key = p.id::text
       JOIN wf_task k ON k.instance_id = i.id AND k.status = 'open'
       WHERE p.tenant_id = 1 AND p.purchase_stage = 10`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ approval_status: '2', status: 'running' });
    const todo = await call(await t.login(audit.rows[0]?.assignee ?? '', DEMO_PASSWORD), 'GET', '/workflow/task/todo');
    expect(JSON.stringify(todo.json().result.records)).toContain('激光测距仪');
  });

  it('has no purchase record whose review started with its opening after the seed date, nor a review that stops before it starts', async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM purchase_record
        WHERE purchase_stage >= 6
          AND (opening_start_time > '2026-11-20T09:00:00+08:00' OR review_start_time < opening_start_time
               OR review_stop_time < review_start_time)`,
    );
    expect(rows[0]?.n).toBe(0);
    const started = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM purchase_record WHERE purchase_stage >= 9 AND review_stop_time IS NOT NULL',
    );
    expect(started.rows[0]?.n).toBeGreaterThan(0);
  });

  it('delivers the published announcements to their users, so 已读/送达 is not 0/0', async () => {
    const list = (await call(admin, 'GET', '/sys/annountCement/list?pageSize=100&sendStatus=1')).json().result;
    const seeded = list.records.filter((r: { titile: string }) => r.titile === '全流程数字化采购平台正式上线运行');
    expect(seeded).toHaveLength(1);
    const { rows } = await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sys_user_tenant ut JOIN sys_user u ON u.id = ut.user_id AND u.del_flag = 0 WHERE ut.tenant_id = 1',
    );
    expect(seeded[0].sendCount).toBe(rows[0]?.n);
  });

  it('keeps demo pages out of the business roles’ menus; the demo account has the grid demo', async () => {
    // 申请示例 is the exception: the workflow's demo business, which buyers start (issue 13).
    for (const username of ['supervisor01', 'buyer01', 'expert01', 'supplier01']) {
      expect(
        (await menuPaths(username)).filter((p) => p.startsWith('/demo') && !['/demo', '/demo/request'].includes(p)),
        username,
      ).toEqual([]);
    }
    expect(await menuPaths('demo01')).toContain('/demo/grid');
  });
});
