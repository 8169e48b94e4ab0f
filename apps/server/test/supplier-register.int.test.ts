/**
 * Issue 16 slice p16-register: public supplier registration (SMS code, USCC, one transaction, uploads of the
 * registration only), the supplier_admission approval (准入 / rejection reason / resubmit), and 供应商名录 (list,
 * search, export, add, detail, transitions, 403 for suppliers, tenant isolation).
 */
import crypto from 'node:crypto';
import { SUPPLIER_API as API, USCC_CHARSET, usccCheckChar } from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysSmsCode } from '../src/modules/platform/auth/tables.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { supplier } from '../src/modules/procurement/supplier/tables.ts';
import { bidFixture, type Json } from './procurement-bid-fixture.ts';

const fx = bidFixture();
const PASSWORD = 'Supp1ier2026';
let seq = 0;
const stamp = () => `${Date.now() % 1e7}${seq++}`;

/** A valid 统一社会信用代码 with a random body. */
function newUscc(): string {
  const body = Array.from({ length: 9 }, () => USCC_CHARSET[crypto.randomInt(0, 30)]).join('');
  const first = `91110000${body}`;
  return first + usccCheckChar(first);
}
const newPhone = () => `137${String(Date.now() % 1e6).padStart(6, '0')}${String(seq++ % 100).padStart(2, '0')}`;
const newToken = () => crypto.randomBytes(24).toString('base64url');

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  const res = await fx.t.app.inject({ method: 'POST', url: `/aps${url}`, payload, headers });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: Json } };
}

/** Sends a register code through /sys/sms (slider proof) and reads it from the development sink (sys_sms_code). */
async function smsCode(phone: string): Promise<string> {
  const proof = await post('/sys/humanProof/slider', {});
  const sent = await post('/sys/sms', {
    mobile: phone,
    smsmode: '1',
    captcha: 'slider',
    checkKey: proof.body.result.checkKey,
  });
  expect(sent.body.success, sent.body.message).toBe(true);
  const [row] = await fx.t.db
    .select({ code: sysSmsCode.code })
    .from(sysSmsCode)
    .where(and(eq(sysSmsCode.phone, phone), eq(sysSmsCode.purpose, 'register')));
  return (row as { code: string }).code;
}

async function uploadWith(token: string) {
  const boundary = `----aps${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fx.t.app.inject({
    method: 'POST',
    url: `/aps${API.registerUpload}?token=${token}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; filePath: string; fileName: string; fileSize: number };
}

function form(over: Record<string, unknown> = {}) {
  const s = stamp();
  return {
    username: `sup_${s}`,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    contactPhone: newPhone(),
    registerToken: newToken(),
    name: `测试注册供应商${s}有限公司`,
    creditCode: newUscc(),
    legalRepresentative: '王立新',
    address: '北京市海淀区中关村大街1号',
    contactName: '王小明',
    contactEmail: 'reg@example.com',
    categories: ['A01A01'],
    bankName: '中国银行北京分行',
    bankAccount: '6217001210000000099',
    certificates: [] as object[],
    ...over,
  };
}

async function register(over: Record<string, unknown> = {}) {
  const f = form(over);
  const code = await smsCode(f.contactPhone as string);
  const r = await post(API.register, { ...f, smsCode: code });
  return { f, r, code };
}

async function decide(businessKey: string, action: 'approve' | 'reject', comment = '同意') {
  for (let step = 0; step < 10; step++) {
    const open = await fx.t.db.execute<{ id: string; assignee: string }>(sql`
      SELECT t.id, t.assignee FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id
      WHERE i.business_key = ${businessKey} AND t.status = 'open' ORDER BY t.create_time LIMIT 1`);
    const task = open.rows[0];
    if (!task) return;
    const token = await fx.t.login(task.assignee);
    await fx.okCall(token, 'POST', `/workflow/task/${action}`, { taskId: task.id, comment });
    if (action === 'reject') return;
  }
}

const supplierRow = async (id: string) => (await fx.t.db.select().from(supplier).where(eq(supplier.id, id)))[0];

describe('供应商注册', () => {
  it('refuses a wrong code, a bad credit code and a duplicate credit code, leaving nothing behind', async () => {
    const f = form();
    await smsCode(f.contactPhone);
    const wrong = await post(API.register, { ...f, smsCode: '999999' });
    // (the right code is random: 999999 is wrong except once in a million runs)
    expect(wrong.body).toMatchObject({ success: false, message: '短信验证码错误或已过期' });

    const bad = await post(API.register, { ...form(), smsCode: '123456', creditCode: '91110000MA01234567' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('请输入正确的统一社会信用代码');

    const bank = await post(API.register, { ...form(), smsCode: '123456', bankAccount: '0123' });
    expect(bank.body.message).toContain('请输入正确的银行卡号码');

    const first = await register();
    expect(first.r.body.success, first.r.body.message).toBe(true);
    const dup = await register({ creditCode: first.f.creditCode });
    expect(dup.r.body).toMatchObject({ success: false, message: '该统一社会信用代码已注册' });
    // One transaction: the refused registration left no user, and its code is still usable once fixed.
    const users = await fx.t.db.select().from(sysUser).where(eq(sysUser.username, dup.f.username));
    expect(users).toHaveLength(0);
    const retry = await post(API.register, { ...dup.f, creditCode: newUscc(), smsCode: dup.code });
    expect(retry.body.success, retry.body.message).toBe(true);
  });

  it('accepts only the files uploaded with the registration token', async () => {
    const token = newToken();
    const mine = await uploadWith(token);
    const theirs = await uploadWith(newToken());
    const cert = (file: { id: string; filePath: string; fileName: string; fileSize: number }) => ({
      kind: '营业执照',
      name: '营业执照',
      number: `ZZ${stamp()}`,
      issuer: '北京市市场监督管理局',
      validFrom: '2024-01-01',
      expiresOn: '2030-12-31',
      files: [{ fileId: file.id, filePath: file.filePath, fileName: file.fileName, fileSize: file.fileSize }],
    });
    const stolen = await register({ registerToken: token, certificates: [cert(theirs)] });
    expect(stolen.r.body).toMatchObject({ success: false, message: '资质证书文件无效，请重新上传' });
    const ok = await register({ registerToken: token, certificates: [cert(mine)] });
    expect(ok.r.body.success, ok.r.body.message).toBe(true);
    const detail = await fx.okCall('admin', 'GET', `${API.directoryQueryById}?id=${ok.r.body.result.supplierId}`);
    expect(detail.certificates).toHaveLength(1);
    expect(detail.certificates[0].files[0]).toMatchObject({ fileId: mine.id, filePath: mine.filePath });
    // Claimed: the same upload cannot be attached to a second registration.
    const again = await register({ registerToken: token, certificates: [cert(mine)] });
    expect(again.r.body.message).toBe('资质证书文件无效，请重新上传');

    // The daily clean-up removes what no submission claimed once it is 48 hours old, rows and bytes, and keeps
    // the claimed file and a fresh upload.
    const fresh = await uploadWith(newToken());
    await fx.t.db.execute(
      sql`UPDATE sys_file SET create_time = now() - interval '49 hours' WHERE id IN (${theirs.id}, ${mine.id})`,
    );
    const purged = await fx.t.services.supplierRegister.purgeUnclaimedUploads();
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await fx.t.db.execute<{ id: string }>(
      sql`SELECT id FROM sys_file WHERE id IN (${theirs.id}, ${mine.id}, ${fresh.id})`,
    );
    expect(left.rows.map((r) => r.id).sort()).toEqual([mine.id, fresh.id].sort());
    expect((await fx.call('admin', 'GET', `/sys/common/static/${theirs.filePath}`)).status).toBe(404);
  });

  it('admission approved → 准入, the user signs in to the portal; qualify → 合格', async () => {
    const { f, r } = await register();
    const id = r.body.result.supplierId as string;
    expect(await supplierRow(id)).toMatchObject({ status: '1', approvalStatus: '2' });
    await decide(id, 'approve');
    const row = await supplierRow(id);
    expect(row).toMatchObject({ status: '2', approvalStatus: '4' });
    expect(row?.admittedTime).toBeTruthy();
    const token = await fx.t.login(f.username, PASSWORD);
    const status = await fx.okCall(token, 'GET', API.registerStatus);
    expect(status).toMatchObject({ supplier: { id, status: '2', status_dictText: '准入' }, rejectReason: null });
    const bell = await fx.t.db.execute<{ title: string }>(
      sql`SELECT title FROM sys_announcement WHERE bus_id = ${id} AND bus_type = 'supplier_admission'`,
    );
    expect(bell.rows.map((b) => b.title)).toEqual(['供应商准入审核已通过']);

    const noReason = await fx.call('admin', 'POST', API.directoryTransition, { id, action: 'qualify', reason: ' ' });
    expect(noReason.body.message).toContain('请输入原因');
    const q = await fx.okCall('admin', 'POST', API.directoryTransition, { id, action: 'qualify', reason: '资质齐全' });
    expect(q).toMatchObject({ status: '3', status_dictText: '合格' });
    const refused = await fx.call('admin', 'POST', API.directoryTransition, { id, action: 'qualify', reason: '再次' });
    expect(refused.body.message).toBe('供应商当前状态为「合格」，不能评为合格');
    await fx.okCall('admin', 'POST', API.directoryTransition, { id, action: 'suspend', reason: '质量问题' });
    await fx.okCall('admin', 'POST', API.directoryTransition, { id, action: 'resume', reason: '整改完成' });
    const detail = await fx.okCall('admin', 'GET', `${API.directoryQueryById}?id=${id}`);
    expect(detail.history.map((h: Json) => [h.fromStatus, h.toStatus, h.reason])).toEqual([
      ['4', '3', '整改完成'],
      ['3', '4', '质量问题'],
      ['2', '3', '资质齐全'],
      ['1', '2', '准入审批通过'],
      [null, '1', '供应商自助注册'],
    ]);
    expect(detail.categoryNames.length).toBe(1);
    expect(detail.users.map((u: Json) => u.username)).toEqual([f.username]);
  });

  it('a rejected admission keeps 注册待审 with the reason; the company edits and resubmits', async () => {
    const { f, r } = await register();
    const id = r.body.result.supplierId as string;
    await decide(id, 'reject', '营业执照不清晰');
    expect(await supplierRow(id)).toMatchObject({ status: '1', approvalStatus: '5' });
    const token = await fx.t.login(f.username, PASSWORD);
    const status = await fx.okCall(token, 'GET', API.registerStatus);
    expect(status.rejectReason).toBe('准入驳回：营业执照不清晰');
    const { username, password, confirmpassword, registerToken, certificates, ...profile } = f;
    const again = await fx.okCall(token, 'POST', API.registerResubmit, { ...profile, address: '北京市朝阳区1号' });
    expect(again.supplier).toMatchObject({ status: '1', approvalStatus: '6', address: '北京市朝阳区1号' });
    // Not rejected any more: a second resubmit is refused.
    const twice = await fx.call(token, 'POST', API.registerResubmit, profile);
    expect(twice.body.message).toBe('注册信息不在驳回状态，不能重新提交');
    await decide(id, 'approve');
    expect(await supplierRow(id)).toMatchObject({ status: '2' });
  });
});

describe('供应商名录', () => {
  it('lists, searches, exports, adds and edits; suppliers get 403; tenants are isolated', async () => {
    const name = `名录供应商${stamp()}`;
    const creditCode = newUscc();
    const added = await fx.okCall('admin', 'POST', '/supplier/directory/add', {
      name,
      creditCode,
      legalRepresentative: '李四',
      contactName: '李小四',
      contactPhone: '13912345678',
      categories: ['A02A01'],
      standing: '线下考察合格',
    });
    expect(added).toMatchObject({ status: '2', creditCode });
    const dup = await fx.call('admin', 'POST', '/supplier/directory/add', {
      name: `${name}2`,
      creditCode,
      legalRepresentative: '李四',
      contactName: '李小四',
      contactPhone: '13912345678',
    });
    expect(dup.body.message).toBe('该统一社会信用代码已注册');

    const byName = await fx.okCall('admin', 'GET', `${API.directoryList}?name=${encodeURIComponent(name)}`);
    expect(byName.total).toBe(1);
    expect(byName.records[0]).toMatchObject({ id: added.id, status_dictText: '准入' });
    const byCode = await fx.okCall('admin', 'GET', `${API.directoryList}?creditCode=${creditCode.toLowerCase()}`);
    expect(byCode.records.map((s: Json) => s.id)).toEqual([added.id]);
    const byCategory = await fx.okCall('admin', 'GET', `${API.directoryList}?category=A02A01&status=2&pageSize=100`);
    expect(byCategory.records.map((s: Json) => s.id)).toContain(added.id);
    // 高级查询 on the allow-listed columns; anything else is refused.
    const sq = (lines: object[]) => `superQueryParams=${encodeURIComponent(JSON.stringify(lines))}`;
    const advanced = await fx.okCall(
      'admin',
      'GET',
      `${API.directoryList}?${sq([
        { field: 'creditCode', rule: 'eq', val: creditCode },
        { field: 'status', rule: 'eq', val: '2' },
      ])}`,
    );
    expect(advanced.records.map((s: Json) => s.id)).toEqual([added.id]);
    const refused = await fx.call(
      'admin',
      'GET',
      `${API.directoryList}?${sq([{ field: 'bankAccount', rule: 'eq', val: '1' }])}`,
    );
    expect(refused.body.message).toBe('不支持按该字段查询：bankAccount');
    const otherCategory = await fx.okCall('admin', 'GET', `${API.directoryList}?category=A03A01&pageSize=100`);
    expect(otherCategory.records.map((s: Json) => s.id)).not.toContain(added.id);

    const edited = await fx.okCall('admin', 'PUT', '/supplier/directory/edit', {
      id: added.id,
      name: `${name}改`,
      creditCode,
      legalRepresentative: '李四',
      contactName: '李小四',
      contactPhone: '13912345678',
    });
    expect(edited.name).toBe(`${name}改`);

    const file = await fx.t.app.inject({
      method: 'GET',
      url: `/aps${API.directoryExport}?name=${encodeURIComponent(name)}`,
      headers: { 'x-access-token': fx.tokens.admin as string },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');

    for (const path of [API.directoryList, `${API.directoryQueryById}?id=${added.id}`]) {
      expect((await fx.call('supplier01', 'GET', path)).status).toBe(403);
    }
    const move = await fx.call('supplier01', 'POST', API.directoryTransition, {
      id: added.id,
      action: 'qualify',
      reason: 'x',
    });
    expect(move.status).toBe(403);
    // Another tenant's administrator neither lists nor opens nor moves it.
    const other = await fx.okCall('yhadmin', 'GET', `${API.directoryList}?name=${encodeURIComponent(name)}`);
    expect(other.total).toBe(0);
    expect((await fx.call('yhadmin', 'GET', `${API.directoryQueryById}?id=${added.id}`)).status).toBe(404);
    const foreign = await fx.call('yhadmin', 'POST', API.directoryTransition, {
      id: added.id,
      action: 'qualify',
      reason: 'x',
    });
    expect(foreign.status).toBe(404);
  });
});
