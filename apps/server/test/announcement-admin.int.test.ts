import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Annt = { id: string; titile: string };
const bell = async (token: string) => {
  const r = (await call(token, 'GET', '/sys/annountCement/listByUser')).json().result;
  return [...r.anntMsgList, ...r.sysMsgList] as Annt[];
};

describe('announcement administration (/sys/annountCement/*)', () => {
  it('sanitises the body on save: scripts, handlers and javascript: links are gone, formatting stays', async () => {
    const res = await call(admin, 'POST', '/sys/annountCement/add', {
      titile: '净化测试',
      msgContent:
        '<p style="color:red" onclick="alert(1)">正文<strong>加粗</strong></p><script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>',
      priority: 'H',
    });
    expect(res.json(), res.body).toMatchObject({ success: true, result: { sendStatus: '0', priority: 'H' } });
    const body = res.json().result.msgContent as string;
    expect(body).toContain('<p style="color:red">正文<strong>加粗</strong></p>');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    await call(admin, 'DELETE', `/sys/annountCement/delete?id=${res.json().result.id}`);
  });

  it('publishes to chosen users only, they read it, revoke removes it from the bell', async () => {
    const target = await t.createUser({ roles: ['buyer'] });
    const bystander = await t.createUser({ roles: ['buyer'] });
    const targetToken = await t.login(target.username, target.password);
    const bystanderToken = await t.login(bystander.username, bystander.password);
    const annt = (
      await call(admin, 'POST', '/sys/annountCement/add', {
        titile: '定向通知',
        msgContent: '<p>仅指定用户可见</p>',
        msgType: 'USER',
        userIds: target.id,
        msgCategory: '1',
        priority: 'M',
      })
    ).json().result;
    expect((await bell(targetToken)).map((a) => a.id)).not.toContain(annt.id);

    const released = (await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${annt.id}`)).json();
    expect(released).toMatchObject({
      success: true,
      message: '该系统通知发布成功',
      result: { sendStatus: '1', sendCount: 1 },
    });
    expect((await bell(targetToken)).map((a) => a.id)).toContain(annt.id);
    expect((await bell(bystanderToken)).map((a) => a.id)).not.toContain(annt.id);
    const again = await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${annt.id}`);
    expect(again.json()).toMatchObject({ success: false, message: '该通告已发布' });
    const edit = await call(admin, 'PUT', '/sys/annountCement/edit', { id: annt.id, titile: '改', msgContent: 'x' });
    expect(edit.json()).toMatchObject({ success: false, message: '已发布的通告不能编辑，请先撤销' });

    // The user's own list shows it with the read flag; marking it read drops it from the bell.
    const mine = async (query: Record<string, string>) =>
      (
        await call(targetToken, 'GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?${new URLSearchParams(query)}`)
      ).json().result as { records: (Annt & { readFlag: boolean })[]; total: number };
    const unread = await mine({ titile: '定向通知' });
    expect(unread.records).toHaveLength(1);
    expect(unread.records[0]).toMatchObject({ id: annt.id, readFlag: false, priority: 'M' });
    // The title search matches part of the title, LIKE wildcards taken literally, alongside the other filters.
    expect((await mine({ titile: ' 向通 ' })).records.map((a) => a.id)).toEqual([annt.id]);
    expect((await mine({ titile: '定向%' })).total).toBe(0);
    expect((await mine({ titile: '定_通知' })).total).toBe(0);
    expect((await mine({ titile: '定向通知', msgCategory: '1', readFlag: '0' })).total).toBe(1);
    expect((await mine({ titile: '定向通知', msgCategory: '2' })).total).toBe(0);
    const tooLong = `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${'x'.repeat(101)}`;
    expect((await call(targetToken, 'GET', tooLong)).json()).toMatchObject({ success: false, message: '查询条件过长' });
    // One contract for the user's list: the former duplicate /sys/sysAnnouncementSend/list is gone.
    expect((await call(targetToken, 'GET', '/sys/sysAnnouncementSend/list')).statusCode).toBe(404);
    await call(targetToken, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: annt.id });
    expect((await bell(targetToken)).map((a) => a.id)).not.toContain(annt.id);
    expect((await mine({ titile: '定向通知', readFlag: '1' })).records[0]).toMatchObject({ readFlag: true });
    expect((await call(admin, 'GET', `/sys/annountCement/queryById?id=${annt.id}`)).json().result.readCount).toBe(1);

    const revoked = (await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${annt.id}`)).json();
    expect(revoked).toMatchObject({ success: true, message: '该系统通知撤销成功', result: { sendStatus: '2' } });
    expect((await mine({ titile: '定向通知' })).total).toBe(0);
    expect((await call(targetToken, 'GET', `/sys/annountCement/queryById?id=${annt.id}`)).statusCode).toBe(404);
  });

  it('publishes to everyone in the tenant and keeps other tenants out', async () => {
    const annt = (
      await call(admin, 'POST', '/sys/annountCement/add', {
        titile: '全员通知',
        msgContent: '<p>全员</p>',
        msgCategory: '2',
      })
    ).json().result;
    await call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${annt.id}`);
    const member = await t.createUser({ roles: ['buyer'] });
    const memberToken = await t.login(member.username, member.password);
    const sys = (await call(memberToken, 'GET', '/sys/annountCement/listByUser')).json().result.sysMsgList as Annt[];
    expect(sys.map((a) => a.id)).toContain(annt.id);
    const outsider = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const outsiderToken = await t.login(outsider.username, outsider.password);
    expect(
      (await call(outsiderToken, 'GET', `/sys/annountCement/queryById?id=${annt.id}`, undefined, '2')).statusCode,
    ).toBe(404);
    const theirList = (
      await call(outsiderToken, 'GET', '/sys/annountCement/list?titile=全员通知', undefined, '2')
    ).json().result;
    expect(theirList.total).toBe(0);
    await call(admin, 'GET', `/sys/annountCement/doReovkeData?id=${annt.id}`);
  });

  it('lists with filters and sort, exports, deletes in batch; validates; 403 without the code', async () => {
    const ids: string[] = [];
    for (const priority of ['L', 'M', 'H']) {
      ids.push(
        (
          await call(admin, 'POST', '/sys/annountCement/add', { titile: `批量${priority}`, msgContent: 'x', priority })
        ).json().result.id,
      );
    }
    const list = (await call(admin, 'GET', '/sys/annountCement/list?titile=批量&column=priority&order=asc')).json()
      .result;
    expect(list.records.map((r: { priority: string }) => r.priority)).toEqual(['H', 'L', 'M']);
    const drafts = (await call(admin, 'GET', '/sys/annountCement/list?titile=批量&sendStatus=0&priority=M')).json()
      .result;
    expect(drafts.total).toBe(1);
    const badSort = await call(admin, 'GET', '/sys/annountCement/list?column=msg_content');
    expect(badSort.json()).toMatchObject({ success: false, message: '不支持按该字段排序' });
    const xlsx = await call(admin, 'GET', '/sys/annountCement/exportXls?titile=批量');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await call(admin, 'DELETE', `/sys/annountCement/deleteBatch?ids=${ids.join(',')}`)).json().success).toBe(
      true,
    );
    expect((await call(admin, 'GET', '/sys/annountCement/list?titile=批量')).json().result.total).toBe(0);

    const noTitle = await call(admin, 'POST', '/sys/annountCement/add', { titile: '', msgContent: 'x' });
    expect(noTitle.json().message).toContain('请输入标题!');
    const noUsers = await call(admin, 'POST', '/sys/annountCement/add', {
      titile: 'a',
      msgContent: 'x',
      msgType: 'USER',
    });
    expect(noUsers.json().message).toContain('请选择用户!');
    const outsider = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const foreign = await call(admin, 'POST', '/sys/annountCement/add', {
      titile: 'a',
      msgContent: 'x',
      msgType: 'USER',
      userIds: [outsider.id],
    });
    expect(foreign.json()).toMatchObject({ success: false, message: '所选用户不属于当前租户' });

    const buyer = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(buyer.username, buyer.password);
    expect((await call(token, 'GET', '/sys/annountCement/list')).statusCode).toBe(403);
    expect((await call(token, 'POST', '/sys/annountCement/add', { titile: 'a', msgContent: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call(token, 'GET', `/sys/annountCement/doReleaseData?id=${ids[0]}`)).statusCode).toBe(403);
  });
});
