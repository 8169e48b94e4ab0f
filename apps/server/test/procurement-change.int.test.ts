/**
 * Issue 14 §3 (变更公告 with a timetable change): applied on publication in the same transaction, a history row with
 * 原 → 新, bell messages to the signed-up suppliers only, a bid between the old and the new deadline accepted; the
 * illegal changes refused with their messages.
 */
import crypto from 'node:crypto';
import {
  PROCUREMENT_BID_API as API,
  formatDateTime,
  PROCUREMENT_BID_MESSAGES as M,
  PROCUREMENT_API,
  PROCUREMENT_MESSAGES,
} from '@aps/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { PDF_MIN } from './upload-fixtures.ts';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['buyer01', 'supplier01', 'supplier02', 'supplier03']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
// biome-ignore lint/suspicious/noExplicitAny: the envelope's result is untyped JSON, read field by field.
type Json = any;
async function call(who: string, method: Method, url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/aps${url}`,
    headers: { 'x-access-token': tokens[who] ?? who },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: Json } };
}
const okCall = async (who: string, method: Method, url: string, payload?: object) => {
  const r = await call(who, method, url, payload);
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.result;
};

async function uploadPdf(who: string): Promise<string> {
  const boundary = `----aps${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nbid\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF_MIN,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/aps/sys/common/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': tokens[who] ?? '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.id;
}

let seq = 0;
/** A published package (stage 2, sign-up open since an hour, deadline in 2 h, opening in 3 h). */
async function publishedPackage(): Promise<string> {
  const n = `${Date.now().toString(36)}c${seq++}`;
  const plan = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget, state, approval_status)
    VALUES (1, 'A01', ${`CG-C-${n}`}, ${`变更计划${n}`}, '2', 'open_tender', 9000000, 'executing', '4') RETURNING id`);
  const project = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category, purchase_method)
    VALUES (1, ${plan.rows[0]?.id}, 'A01', ${`NO-${n}`}, ${`PC-${n}`}, ${`变更采购${n}`}, '2', 'open_tender') RETURNING id`);
  const pkg = await t.db.execute<{ id: string }>(sql`
    INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
      purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, lower_coefficient_type,
      min_bidders, sign_up_start_time, sign_up_end_time, bid_deadline, opening_start_time)
    VALUES (1, ${project.rows[0]?.id}, 'A01', ${`NO-${n}`}, ${`PC-${n}`}, ${`变更采购${n}`}, '2', 'open_tender', 1, '1',
      ${`标包${n}`}, '500000.00', 0, 1, date_trunc('second', now()) - interval '1 hour',
      date_trunc('second', now()) + interval '1 hour', date_trunc('second', now()) + interval '2 hours',
      date_trunc('second', now()) + interval '3 hours')
    RETURNING id`);
  const id = pkg.rows[0]?.id as string;
  await t.db.execute(sql`
    INSERT INTO purchase_review_item (tenant_id, package_id, kind, name, max_score, sort_no)
    VALUES (1, ${id}, 'qualification', '营业执照', NULL, 1)`);
  const notice = await okCall('buyer01', 'POST', API.noticeAdd, {
    packageId: id,
    noticeType: 'purchase',
    title: '采购公告',
    content: '<p>欢迎报名</p>',
  });
  await okCall('buyer01', 'POST', API.noticePublish, { id: notice.id });
  return id;
}

const fmt = (d: Date) => formatDateTime(d) as string;
const inHours = (h: number) => fmt(new Date(Math.floor(Date.now() / 1000) * 1000 + h * 3_600_000));

async function packageRow(id: string) {
  const r = await t.db.execute<{ stage: number; start: Date; end: Date; deadline: Date; opening: Date }>(sql`
    SELECT purchase_stage AS stage, sign_up_start_time AS start, sign_up_end_time AS "end", bid_deadline AS deadline,
      opening_start_time AS opening FROM purchase_package WHERE id = ${id}`);
  const row = r.rows[0];
  if (!row) throw new Error('no package');
  const d = (v: Date | string) => fmt(new Date(v));
  return {
    stage: Number(row.stage),
    timetable: {
      signUpStartTime: d(row.start),
      signUpEndTime: d(row.end),
      bidDeadline: d(row.deadline),
      openingTime: d(row.opening),
    },
  };
}

const changeNotice = (packageId: string, timetable: object | null, noticeType = 'change') =>
  call('buyer01', 'POST', API.noticeAdd, {
    packageId,
    noticeType,
    title: '变更公告',
    content: '<p>时间安排变更</p>',
    timetable,
  });

async function publishChange(packageId: string, timetable: object) {
  const draft = await changeNotice(packageId, timetable);
  expect(draft.status, JSON.stringify(draft.body)).toBe(200);
  return call('buyer01', 'POST', API.noticePublish, { id: draft.body.result.id });
}

const bell = async (who: string, noticeId: string) => {
  const r = await okCall(who, 'GET', '/sys/annountCement/listByUser');
  return (r.sysMsgList as { titile: string; busId: string; msgContent: string }[]).filter((m) => m.busId === noticeId);
};

describe('变更公告 with a timetable change', () => {
  it('re-opens a closed package: 待开标 → 响应中, history 原 → 新, bells to signed-up suppliers, a late bid accepted', async () => {
    const id = await publishedPackage();
    for (const who of ['supplier01', 'supplier02']) await okCall(who, 'POST', API.supplierSignUp, { packageId: id });
    // Sign-up and bidding over: the deadline passed a second ago, the package waits for its opening.
    await t.db.execute(sql`UPDATE purchase_package SET purchase_stage = 4,
      sign_up_end_time = date_trunc('second', now()) - interval '2 seconds',
      bid_deadline = date_trunc('second', now()) - interval '1 second' WHERE id = ${id}`);
    const file = await uploadPdf('supplier01');
    const late = await call('supplier01', 'POST', API.supplierBid, { packageId: id, price: '400000', fileIds: [file] });
    expect(late.body.message).toBe(M.bidStage('待开标'));

    const before = await packageRow(id);
    const next = { ...before.timetable, bidDeadline: inHours(1), openingTime: inHours(4) };
    const draft = await changeNotice(id, next);
    expect(draft.status).toBe(200);
    // The draft shows 原 (the package now) → 新 (proposed) and changes nothing yet.
    expect(draft.body.result.timetableChange.map((c: { field: string }) => c.field)).toEqual([
      'bidDeadline',
      'openingTime',
    ]);
    expect((await packageRow(id)).stage).toBe(4);
    const published = await okCall('buyer01', 'POST', API.noticePublish, { id: draft.body.result.id });
    expect(published.timetableChange).toEqual([
      { field: 'bidDeadline', label: '投标截止时间', before: before.timetable.bidDeadline, after: next.bidDeadline },
      { field: 'openingTime', label: '开标时间', before: before.timetable.openingTime, after: next.openingTime },
    ]);

    const after = await packageRow(id);
    expect(after).toEqual({ stage: 3, timetable: next });
    const history = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageHistory}?id=${id}`);
    const last = history.at(-1);
    expect(last).toMatchObject({ action: 'extendDeadline', fromStage: 4, toStage: 3, actor: 'buyer01' });
    expect(last.reason).toBe(
      `变更公告：投标截止时间：${before.timetable.bidDeadline} → ${next.bidDeadline}；开标时间：${before.timetable.openingTime} → ${next.openingTime}`,
    );

    for (const who of ['supplier01', 'supplier02']) {
      const msgs = await bell(who, published.id);
      expect(msgs).toHaveLength(1);
      expect(msgs[0]?.titile).toMatch(/^时间变更：/);
      expect(msgs[0]?.msgContent).toContain(`原 ${before.timetable.bidDeadline} → 新 ${next.bidDeadline}`);
    }
    expect(await bell('supplier03', published.id)).toHaveLength(0);
    expect(await bell('buyer01', published.id)).toHaveLength(0);

    // After the old deadline, before the new one: accepted.
    const ok = await call('supplier01', 'POST', API.supplierBid, { packageId: id, price: '400000', fileIds: [file] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    // The applied change stays.
    expect((await call('buyer01', 'POST', API.noticeRevoke, { id: published.id })).body.message).toBe(
      M.noticeRevokeTimetable,
    );
  });

  it('moves a timetable in 公告中 without a stage change (history changeTimetable)', async () => {
    const id = await publishedPackage();
    const before = await packageRow(id);
    const next = { ...before.timetable, signUpEndTime: inHours(1.5), bidDeadline: inHours(2.5) };
    const r = await publishChange(id, next);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await packageRow(id)).toEqual({ stage: 2, timetable: next });
    const history = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageHistory}?id=${id}`);
    expect(history.at(-1)).toMatchObject({ action: 'changeTimetable', fromStage: 2, toStage: 2 });
    expect(history.at(-1).reason).toContain(`报名截止时间：${before.timetable.signUpEndTime} → ${next.signUpEndTime}`);
  });

  it('refuses illegal changes with their messages and leaves the package alone', async () => {
    const id = await publishedPackage();
    const { timetable: now } = await packageRow(id);
    // A field already past cannot move (the sign-up start was an hour ago).
    const past = await publishChange(id, { ...now, signUpStartTime: inHours(0.5) });
    expect(past.body.message).toBe(M.timetablePast('报名开始时间', now.signUpStartTime));
    // The new bid deadline must be in the future.
    await t.db.execute(sql`UPDATE purchase_package SET purchase_stage = 4,
      sign_up_end_time = date_trunc('second', now()) - interval '2 seconds',
      bid_deadline = date_trunc('second', now()) - interval '1 second' WHERE id = ${id}`);
    const closed = (await packageRow(id)).timetable;
    const stillPast = await publishChange(id, { ...closed, bidDeadline: closed.signUpEndTime });
    expect(stillPast.body.message).toBe(M.timetableNotFuture('投标截止时间'));
    // The order 报名开始 < 报名截止 ≤ 投标截止 ≤ 开标 (the schema refuses it on save).
    const disorder = await changeNotice(id, { ...closed, bidDeadline: inHours(5) });
    expect(disorder.status).toBe(400);
    expect(disorder.body.message).toContain(PROCUREMENT_MESSAGES.timetableInvalid);
    // A timetable only travels with a 变更公告.
    const wrongType = await changeNotice(id, closed, 'purchase');
    expect(wrongType.body.message).toBe(M.timetableChangeOnly);
    // After the opening: no change at all.
    await t.db.execute(sql`UPDATE purchase_package SET purchase_stage = 5 WHERE id = ${id}`);
    const opened = await publishChange(id, { ...closed, openingTime: inHours(6) });
    expect(opened.body.message).toBe(M.noticeTypeStage('变更公告', '已开标'));
    expect((await packageRow(id)).timetable).toEqual(closed);
    const history = await okCall('buyer01', 'GET', `${PROCUREMENT_API.packageHistory}?id=${id}`);
    expect(history.map((h: { action: string }) => h.action)).toEqual(['publish']);
  });
});

describe('project list', () => {
  it('pages the projects of the tenant and data scope, with package count and amount, filtered', async () => {
    for (const u of ['project01', 'yhadmin']) tokens[u] ??= await t.login(u);
    const id = await publishedPackage();
    const { projectId, name, code, planId } = (
      await t.db.execute<{ projectId: string; name: string; code: string; planId: string }>(sql`
        SELECT p.project_id AS "projectId", j.purchase_name AS name, j.purchase_code AS code, j.plan_id AS "planId"
        FROM purchase_package p JOIN purchase_project j ON j.id = p.project_id WHERE p.id = ${id}`)
    ).rows[0] as { projectId: string; name: string; code: string; planId: string };
    // A second package replaced by a new round: counted, but its amount no longer draws on the plan.
    await t.db.execute(sql`
      INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
        purchase_category, purchase_method, purchase_stage, package_no, package_name, fixed_price, status)
      SELECT tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category,
        purchase_method, 9, '2', '旧标包', 120000, 'rebid' FROM purchase_package WHERE id = ${id}`);

    const page = await okCall('buyer01', 'GET', `${PROCUREMENT_API.projectList}?pageNo=1&pageSize=10&planId=${planId}`);
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: projectId, packageCount: 2, packageAmount: '500000.00' });
    const byName = await okCall(
      'buyer01',
      'GET',
      `${PROCUREMENT_API.projectList}?pageNo=1&pageSize=10&purchaseName=${encodeURIComponent(name.slice(-8))}`,
    );
    expect(byName.records.map((r: { id: string }) => r.id)).toEqual([projectId]);
    const byCode = await okCall(
      'buyer01',
      'GET',
      `${PROCUREMENT_API.projectList}?pageNo=1&pageSize=10&purchaseCode=${code}`,
    );
    expect(byCode.records.map((r: { id: string }) => r.id)).toEqual([projectId]);
    const detail = await okCall('buyer01', 'GET', `${PROCUREMENT_API.project}/queryById?id=${projectId}`);
    expect(
      detail.packages.map((p: { packageNo: string; purchaseStage: number }) => [p.packageNo, p.purchaseStage]),
    ).toEqual([
      ['1', 2],
      ['2', 9],
    ]);

    // Another department's buyer and another tenant's administrator: not in their list, not found by id.
    for (const who of ['project01', 'yhadmin']) {
      const theirs = await call(who, 'GET', `${PROCUREMENT_API.projectList}?pageNo=1&pageSize=100&planId=${planId}`);
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      expect(theirs.body.result.total).toBe(0);
      expect((await call(who, 'GET', `${PROCUREMENT_API.project}/queryById?id=${projectId}`)).status).toBe(404);
    }
    const own = await okCall('project01', 'GET', `${PROCUREMENT_API.projectList}?pageNo=1&pageSize=100`);
    expect(own.records.map((r: { id: string }) => r.id)).not.toContain(projectId);
  });
});

/** Every open task of the business object's process, decided by its assignee, until none is left. */
async function decideAll(businessKey: string, action: 'approve' | 'reject' = 'approve') {
  for (let step = 0; step < 10; step++) {
    const open = await t.db.execute<{ id: string; assignee: string }>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    const task = open.rows[0];
    if (!task) return;
    tokens[task.assignee] ??= await t.login(task.assignee);
    await okCall(task.assignee, 'POST', `/workflow/task/${action}`, { taskId: task.id, comment: '意见' });
    if (action === 'reject') return;
  }
}

const LINES = [
  { name: '钢筋 HRB400', specification: 'Φ12', unit: '吨', quantity: '0.1', unitPrice: '4000' },
  { name: '水泥', unit: '吨', quantity: '1', unitPrice: '600' },
];

describe('计划变更', () => {
  it('a package over the plan is refused; an approved change applies budget and lines; a rejected one nothing', async () => {
    const plan = await okCall('buyer01', 'POST', '/purchase/plan/add', {
      planName: `变更测试计划${Date.now()}`,
      category: '3',
      purchaseMethod: 'open_tender',
      budget: '1000',
      items: LINES,
    });
    // Not yet approved: no change.
    const early = await call('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '1500',
      items: LINES,
      reason: '增加数量',
    });
    expect(early.body.message).toBe(PROCUREMENT_MESSAGES.planNotChangeable('草稿'));
    await okCall('buyer01', 'POST', '/purchase/plan/submit', { id: plan.id });
    await decideAll(plan.id);
    const made = await okCall('buyer01', 'POST', '/purchase/project/fromPlan', {
      planId: plan.id,
      packages: [{ packageName: 'A', fixedPrice: '600' }],
    });
    const addB = { projectId: made.project.id, packageName: 'B', fixedPrice: '500' };
    expect((await call('buyer01', 'POST', '/purchase/package/add', addB)).body.message).toBe(
      PROCUREMENT_MESSAGES.planAmountExceeded('1000.00', '1100.00'),
    );

    // Below what the packages already use: refused. Nothing changed: refused.
    const low = await call('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '599.99',
      items: LINES,
      reason: '压减',
    });
    expect(low.body.message).toBe(PROCUREMENT_MESSAGES.planChangeBelowPackages('600.00'));
    const same = await call('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '1000.00',
      items: LINES.map((l) => ({ ...l, unitPrice: `${l.unitPrice}.00` })),
      reason: '无变化',
    });
    expect(same.body.message).toBe(PROCUREMENT_MESSAGES.planChangeNothing);

    // A rejected change leaves the plan as it was.
    const rejected = await okCall('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '5000',
      items: LINES,
      reason: '扩大范围',
    });
    expect(rejected.state).toBe('pending');
    const listed = await okCall('buyer01', 'GET', `/purchase/plan/list?pageNo=1&pageSize=10&planCode=${plan.planCode}`);
    expect(listed.records[0]).toMatchObject({ id: plan.id, changing: true });
    expect(
      (
        await call('buyer01', 'POST', PROCUREMENT_API.planChange, {
          id: plan.id,
          budget: '1200',
          items: LINES,
          reason: '再次',
        })
      ).body.message,
    ).toBe(PROCUREMENT_MESSAGES.planChangePending);
    await decideAll(rejected.id, 'reject');
    let detail = await okCall('buyer01', 'GET', `/purchase/plan/queryById?id=${plan.id}`);
    expect(detail).toMatchObject({ budget: '1000.00', changing: false, state: 'executing' });
    expect(detail.changes.map((c: { state: string }) => c.state)).toEqual(['rejected']);

    // Approved: the new budget and lines apply in the callback, the history keeps old → new.
    const lines = [...LINES, { name: '砂石', unit: '方', quantity: '2', unitPrice: '50.5' }];
    const approved = await okCall('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '1200',
      items: lines,
      reason: '增加砂石',
    });
    expect((await okCall('buyer01', 'GET', `/purchase/plan/queryById?id=${plan.id}`)).budget).toBe('1000.00');
    await decideAll(approved.id);
    detail = await okCall('buyer01', 'GET', `/purchase/plan/queryById?id=${plan.id}`);
    expect(detail).toMatchObject({ budget: '1200.00', changing: false, state: 'executing' });
    expect(detail.items.map((i: { name: string; amount: string }) => [i.name, i.amount])).toEqual([
      ['钢筋 HRB400', '400.00'],
      ['水泥', '600.00'],
      ['砂石', '101.00'],
    ]);
    expect(detail.changes[0]).toMatchObject({
      id: approved.id,
      state: 'approved',
      oldBudget: '1000.00',
      newBudget: '1200.00',
      reason: '增加砂石',
    });
    expect(detail.changes[0].oldLines).toHaveLength(2);
    expect(detail.changes[0].newLines).toHaveLength(3);
    expect(detail.changes[0].decideTime).not.toBeNull();
    // The package now fits.
    expect((await okCall('buyer01', 'POST', '/purchase/package/add', addB)).packageNo).toBe('02');
  });

  it('a lower budget approved after more packages were made is refused at approval; rejecting it still works', async () => {
    const plan = await okCall('buyer01', 'POST', '/purchase/plan/add', {
      planName: `变更复核计划${Date.now()}`,
      category: '3',
      purchaseMethod: 'open_tender',
      budget: '1000',
      items: LINES,
    });
    await okCall('buyer01', 'POST', '/purchase/plan/submit', { id: plan.id });
    await decideAll(plan.id);
    const made = await okCall('buyer01', 'POST', '/purchase/project/fromPlan', {
      planId: plan.id,
      packages: [{ packageName: 'A', fixedPrice: '600' }],
    });
    // 700 covers the 600 in packages when proposed…
    const lower = await okCall('buyer01', 'POST', PROCUREMENT_API.planChange, {
      id: plan.id,
      budget: '700',
      items: LINES,
      reason: '压减预算',
    });
    // …but a package made meanwhile (within the old 1000) brings them to 750.
    await okCall('buyer01', 'POST', '/purchase/package/add', {
      projectId: made.project.id,
      packageName: 'B',
      fixedPrice: '150',
    });
    // Every step approves until the last one, whose completion applies the change: that one is refused.
    let refusal = '';
    for (let step = 0; step < 10 && !refusal; step++) {
      const open = await t.db.execute<{ id: string; assignee: string }>(sql`
        SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
        WHERE i.business_key = ${lower.id} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
      const task = open.rows[0];
      if (!task) break;
      tokens[task.assignee] ??= await t.login(task.assignee);
      const r = await call(task.assignee, 'POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
      if (!r.body.success) refusal = r.body.message;
    }
    expect(refusal).toBe(PROCUREMENT_MESSAGES.planChangeBelowPackages('750.00'));
    let detail = await okCall('buyer01', 'GET', `/purchase/plan/queryById?id=${plan.id}`);
    expect(detail).toMatchObject({ budget: '1000.00', changing: true });
    // The task is still open: the approver rejects instead, and the plan keeps its budget.
    await decideAll(lower.id, 'reject');
    detail = await okCall('buyer01', 'GET', `/purchase/plan/queryById?id=${plan.id}`);
    expect(detail).toMatchObject({ budget: '1000.00', changing: false });
    expect(detail.changes[0]).toMatchObject({ id: lower.id, state: 'rejected' });
  });
});
