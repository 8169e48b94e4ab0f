/**
 * Issue 18 §3-4: 消息设置 honoured by every bell writer (a muted category is kept out of the bell and not pushed, e-mail
 * copies reach the development mail outbox), and every bell message pushes cmd user to its recipients' sockets.
 */
import fs from 'node:fs/promises';
import type net from 'node:net';
import path from 'node:path';
import { NOTICE_CMD, type NotifySettingsDto } from '@aps/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sysAnnouncementSend } from '../src/modules/platform/announcement/tables.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { sendBellMessage } from '../src/modules/procurement/bid/letters.ts';
import { type U, workflowFixture } from './workflow-fixture.ts';

const fx = workflowFixture();
let host = '';
beforeAll(async () => {
  await fx.t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(fx.t.app.server.address() as net.AddressInfo).port}`;
});

/** The user's notice socket, collecting the commands it hears. */
async function noticeSocket(userId: string, token: string) {
  const socket = new WebSocket(`ws://${host}/aps/websocket/${userId}`, [token]);
  const cmds: string[] = [];
  socket.addEventListener('message', (e) => cmds.push(String((JSON.parse(String(e.data)) as { cmd?: string }).cmd)));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('socket refused')));
  });
  return {
    cmds,
    async heard(cmd: string, within = 3000) {
      const until = Date.now() + within;
      while (!cmds.includes(cmd) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return cmds.includes(cmd);
    },
    close: () => socket.close(),
  };
}

async function member() {
  const created = await fx.t.createUser({ roles: ['buyer'] });
  const u: U = { username: created.username, token: await fx.t.login(created.username) };
  return { ...u, id: created.id };
}

const settings = (u: U, body?: object) => fx.call(u.token, body ? 'PUT' : 'GET', '/sys/account/notifySettings', body);

async function sendRow(anntId: string, userId: string) {
  const [row] = await fx.t.db
    .select({ read: sysAnnouncementSend.readFlag, muted: sysAnnouncementSend.muted })
    .from(sysAnnouncementSend)
    .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, userId)));
  return row;
}

const bellTitles = async (u: U) => {
  const bell = await fx.okCall(u.token, 'GET', '/sys/annountCement/listByUser');
  return [...bell.anntMsgList, ...bell.sysMsgList].map((m: { titile: string }) => m.titile);
};

describe('消息设置', () => {
  it('defaults to every category without copies, refuses an unknown category, and saves a choice', async () => {
    const u = await member();
    expect((await settings(u)).body.result).toEqual({
      categories: ['notice', 'system', 'task'],
      emailCopy: false,
      email: null,
    } satisfies NotifySettingsDto);
    const bad = await settings(u, { categories: ['spam'], emailCopy: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('消息类别有误');
    const saved = await settings(u, { categories: ['task', 'notice', 'task'], emailCopy: true });
    expect(saved.body.result).toMatchObject({ categories: ['notice', 'task'], emailCopy: true });
    expect((await settings(u)).body.result).toMatchObject({ categories: ['notice', 'task'], emailCopy: true });
  });

  it('a muted category is kept out of the bell and not pushed; the others are pushed and copied by e-mail', async () => {
    const muted = await member();
    const copied = await member();
    const email = `copy${Date.now().toString(36)}@example.com`;
    await fx.t.db.update(sysUser).set({ email }).where(eq(sysUser.id, copied.id));
    await settings(muted, { categories: ['notice', 'task'], emailCopy: true });
    await settings(copied, { categories: ['notice', 'system', 'task'], emailCopy: true });
    const mutedSocket = await noticeSocket(muted.id, muted.token);
    const copiedSocket = await noticeSocket(copied.id, copied.token);

    const title = `设置测试${Date.now().toString(36)}`;
    const id = await sendBellMessage(fx.t.db, {
      tenantId: 1,
      userIds: [muted.id, copied.id],
      title,
      html: '<p>内容</p>',
      abstract: `${title}的摘要`,
      busType: 'test',
      busId: title,
    });
    expect(id).toBeTruthy();
    expect(await copiedSocket.heard(NOTICE_CMD.user)).toBe(true);
    expect(await sendRow(id as string, copied.id)).toEqual({ read: false, muted: false });
    expect(await bellTitles(copied)).toContain(title);
    // The muted user has it in 我的消息, still unread (a read receipt stays true), never in the bell, and hears nothing.
    expect(await sendRow(id as string, muted.id)).toEqual({ read: false, muted: true });
    expect(await bellTitles(muted)).not.toContain(title);
    expect(await mutedSocket.heard(NOTICE_CMD.user, 300)).toBe(false);

    const outbox = await fs.readFile(path.join(inject('dataDir'), 'mail-outbox.log'), 'utf8');
    const copies = outbox.split('\n').filter((line) => line.includes(title));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toContain(email);
    mutedSocket.close();
    copiedSocket.close();
  });

  it('a workflow task message pushes cmd user to the assignee, and is kept out of the bell when 待办审批 is muted', async () => {
    const initiator = await fx.user();
    const approver = await member();
    const socket = await noticeSocket(approver.id, approver.token);
    await fx.deploy([fx.step('a', '部门审批', [approver])]);
    const first = await fx.newRequest(initiator);
    await fx.submit(initiator, first);
    expect(await socket.heard(NOTICE_CMD.user)).toBe(true);
    const task = await fx.taskFor(approver, first);
    const titles = await bellTitles(approver);
    expect(titles.some((x) => x.includes('部门审批'))).toBe(true);

    await settings(approver, { categories: ['notice', 'system'], emailCopy: false });
    socket.cmds.length = 0;
    const second = await fx.newRequest(initiator);
    await fx.submit(initiator, second);
    const secondTask = await fx.taskFor(approver, second);
    expect(secondTask.id).not.toBe(task.id);
    expect(await socket.heard(NOTICE_CMD.user, 300)).toBe(false);
    const [row] = (
      await fx.t.db.execute<{ muted: boolean }>(sql`
        SELECT s.muted FROM sys_announcement a JOIN sys_announcement_send s ON s.annt_id = a.id
        WHERE a.bus_type = 'workflow_task' AND a.bus_id = ${secondTask.id}`)
    ).rows;
    expect(row?.muted).toBe(true);
    expect((await bellTitles(approver)).filter((x) => x.includes('部门审批'))).toHaveLength(1);
    socket.close();
  });
});
