import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlerRegistry } from '../src/modules/platform/quartz/handlers/index.ts';
import { createQuartzScheduler, type QuartzScheduler } from '../src/modules/platform/quartz/scheduler.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  call = caller(t);
});
afterAll(() => t.close());

const quiet = { info() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduled jobs (/sys/quartzJob/*)', () => {
  it('lists the seeded jobs with their next fire time and the handlers', async () => {
    const list = (await call(admin, 'GET', '/sys/quartzJob/list?jobClassName=purchaseStatsRollup')).json().result;
    expect(list.records[0]).toMatchObject({ cronExpression: '0 30 1 * * ?', status: 0, jobTitle: '采购记录每日统计' });
    expect(list.records[0].nextFireTime).toMatch(/^\d{4}-\d{2}-\d{2} 01:30:00$/);
    const handlers = (await call(admin, 'GET', '/sys/quartzJob/handlers')).json().result;
    expect(handlers.map((h: { name: string }) => h.name)).toEqual([
      'closeExpiredAnnouncements',
      'purchaseStatsRollup',
      'purchaseStageTimer',
      'purchasePublicityEnd',
      'reviewClarificationDeadline',
      'supplierBlacklistExpiry',
      'supplierCertificateExpiry',
      'supplierRegisterUploadPurge',
      'contractUnsignedReminder',
      'contractWarrantyClose',
      'supervisionMonitorRefresh',
      'rectificationOverdue',
    ]);
    const preview = (
      await call(admin, 'GET', '/sys/quartzJob/cronPreview?cronExpression=0%200%2012%20%3F%20*%207&count=3')
    ).json();
    expect(preview.result).toHaveLength(3);
  });

  it('validates the handler and the cron expression (Chinese messages)', async () => {
    const badCron = await call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'purchaseStatsRollup',
      cronExpression: '0 0 0 1 * 1',
    });
    expect(badCron.json()).toMatchObject({ success: false, message: '“日”和“周”不能同时指定，其中一个须为“?”' });
    const badWeek = await call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'purchaseStatsRollup',
      cronExpression: '0 0 0 ? * 8',
    });
    expect(badWeek.json().message).toBe('cron表达式的“周”字段有误：8');
    const unknown = await call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'rm -rf',
      cronExpression: '0 0 0 * * ?',
    });
    expect(unknown.json().message).toContain('任务类名“rm -rf”不存在');
  });

  it('runs once now, logs the run, pauses and resumes; 403 without the code', async () => {
    const job = (
      await call(admin, 'POST', '/sys/quartzJob/add', {
        jobClassName: 'purchaseStatsRollup',
        cronExpression: '0 0 3 * * ?',
        parameter: '3650',
        status: -1,
      })
    ).json().result;
    // 3650 is outside 1..366: the run fails and says why.
    const failed = await call(admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`);
    expect(failed.json()).toMatchObject({ success: false, message: '执行失败：参数有误：3650（应为1到366的整数）' });
    await call(admin, 'PUT', '/sys/quartzJob/edit', { ...job, parameter: '30' });
    const ran = await call(admin, 'GET', `/sys/quartzJob/execute?id=${job.id}`);
    expect(ran.json(), ran.body).toMatchObject({ success: true, result: { success: true } });
    expect(ran.json().result.message).toMatch(/^统计最近30天采购记录，写入 \d+ 行$/);
    const logs = (await call(admin, 'GET', `/sys/quartzJob/logs?jobId=${job.id}`)).json().result;
    expect(logs.records.map((l: { success: boolean; trigger: string }) => [l.trigger, l.success])).toEqual([
      ['manual', true],
      ['manual', false],
    ]);

    expect((await call(admin, 'GET', `/sys/quartzJob/queryById?id=${job.id}`)).json().result.nextFireTime).toBeNull();
    const resumed = (await call(admin, 'GET', `/sys/quartzJob/resume?id=${job.id}`)).json();
    expect(resumed).toMatchObject({ success: true, message: '启动定时任务成功', result: { status: 0 } });
    expect(resumed.result.nextFireTime).toMatch(/ 03:00:00$/);
    const paused = (await call(admin, 'GET', `/sys/quartzJob/pause?id=${job.id}`)).json();
    expect(paused).toMatchObject({ success: true, result: { status: -1, nextFireTime: null } });

    const buyer = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(buyer.username, buyer.password);
    expect((await call(token, 'GET', '/sys/quartzJob/list')).statusCode).toBe(403);
    expect((await call(token, 'GET', `/sys/quartzJob/execute?id=${job.id}`)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/sys/quartzJob/delete?id=${job.id}`)).json().success).toBe(true);
  });

  it('closeExpiredAnnouncements revokes announcements past their end time', async () => {
    const annt = (
      await call(admin, 'POST', '/sys/annountCement/add', {
        titile: '即将过期',
        msgContent: '<p>x</p>',
        endTime: '2030-01-01 00:00:00',
      })
    ).json().result;
    await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${annt.id}`);
    await t.db.execute(sql`UPDATE sys_announcement SET end_time = now() - interval '1 minute' WHERE id = ${annt.id}`);
    const jobId = (await call(admin, 'GET', '/sys/quartzJob/list?jobClassName=closeExpiredAnnouncements')).json().result
      .records[0].id;
    const ran = (await call(admin, 'GET', `/sys/quartzJob/execute?id=${jobId}`)).json();
    expect(ran.result.message).toMatch(/^关闭过期通告 [1-9]\d* 条$/);
    expect((await call(admin, 'GET', `/sys/annountCement/queryById?id=${annt.id}`)).json().result.sendStatus).toBe('2');
  });

  it('a job with 0/2 * * * * ? runs at least twice in 5 s on two instances, once per fire time, and logs each run', async () => {
    const handlers = createHandlerRegistry();
    const schedulers: QuartzScheduler[] = [
      createQuartzScheduler({ db: t.db, handlers, log: quiet, instance: 'test-a', syncIntervalMs: 500 }),
      createQuartzScheduler({ db: t.db, handlers, log: quiet, instance: 'test-b', syncIntervalMs: 500 }),
    ];
    const added = await call(admin, 'POST', '/sys/quartzJob/add', {
      jobClassName: 'closeExpiredAnnouncements',
      cronExpression: '0/2 * * * * ?',
      description: '集成测试',
    });
    expect(added.json(), added.body).toMatchObject({ success: true });
    const jobId = added.json().result.id as string;
    try {
      await Promise.all(schedulers.map((s) => s.start()));
      await sleep(5200);
    } finally {
      await call(admin, 'GET', `/sys/quartzJob/pause?id=${jobId}`);
      await Promise.all(schedulers.map((s) => s.stop()));
    }
    const rows = (
      await t.db.execute<{ fire_time: Date; instance: string; success: boolean | null; message: string | null }>(
        sql`SELECT fire_time, instance, success, message FROM sys_quartz_job_log WHERE job_id = ${jobId} AND trigger = 'cron' ORDER BY fire_time`,
      )
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeLessThanOrEqual(3);
    const fireTimes = rows.map((r) => new Date(r.fire_time).getTime());
    expect(new Set(fireTimes).size).toBe(rows.length);
    for (const ms of fireTimes) expect(new Date(ms).getSeconds() % 2).toBe(0);
    for (const r of rows) {
      expect(r.success).toBe(true);
      expect(r.message).toMatch(/^关闭过期通告 \d+ 条$/);
      expect(['test-a', 'test-b']).toContain(r.instance);
    }
    const logs = (await call(admin, 'GET', `/sys/quartzJob/logs?jobId=${jobId}`)).json().result;
    expect(logs.total).toBe(rows.length);
    await call(admin, 'DELETE', `/sys/quartzJob/delete?id=${jobId}`);
  });
});
