import { REPORT_MESSAGES, REPORT_SSO } from '@aps/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportSsoService } from '../src/modules/platform/report/sso.ts';
import { sysUser } from '../src/modules/platform/system/tables.ts';
import { createTestApp, DEMO_PASSWORD, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller } from './sys-helpers.ts';

const EXTERNAL = 'https://bi.example.com/sso?from=aps';

let inApp: TestApp;
let external: TestApp;
beforeAll(async () => {
  inApp = await createTestApp();
  external = await createTestApp({ reportSsoUrl: EXTERNAL });
});
afterAll(async () => {
  await inApp.close();
  await external.close();
});

const link = (t: TestApp, token: string) => caller(t)(token, 'GET', REPORT_SSO.api);
const verify = (t: TestApp, ticket: string) =>
  t.app.inject({ url: `/aps${REPORT_SSO.verifyApi}?ticket=${encodeURIComponent(ticket)}` });

describe('GET /sys/reportSso (§7), the report entry of userEnd 1', () => {
  it('leads a group user to their first online report when no report system is configured', async () => {
    const res = await link(inApp, await inApp.login('admin', TEST_ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('/online/cgreport/purchase_stage_report');
  });

  it('refuses users whose userEnd lacks 1, and callers without a session', async () => {
    const expert = await link(inApp, await inApp.login('expert01', DEMO_PASSWORD));
    expect(expert.statusCode).toBe(403);
    expect(expert.json().message).toBe(REPORT_MESSAGES.ssoNotAllowed);
    const supplier = await link(inApp, await inApp.login('supplier01', DEMO_PASSWORD));
    expect(supplier.statusCode).toBe(403);
    expect((await inApp.app.inject({ url: `/aps${REPORT_SSO.api}` })).statusCode).toBe(401);
  });

  it('signs a group user into the configured report system with a ticket it can verify', async () => {
    const res = await link(external, await external.login('admin', TEST_ADMIN_PASSWORD));
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().result as string);
    expect(url.origin + url.pathname).toBe('https://bi.example.com/sso');
    expect(url.searchParams.get('from')).toBe('aps');
    const ticket = url.searchParams.get('ticket') ?? '';
    // The ticket is not the session token.
    expect(ticket).not.toContain(await external.login('admin', TEST_ADMIN_PASSWORD));

    const checked = await verify(external, ticket);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result).toMatchObject({ username: 'admin', tenantId: 1 });
    expect(checked.json().result.realname).toBeTruthy();
  });

  it('refuses a forged, mangled, missing or expired ticket, and one of a frozen user', async () => {
    const res = await link(external, await external.login('admin', TEST_ADMIN_PASSWORD));
    const ticket = new URL(res.json().result as string).searchParams.get('ticket') ?? '';
    const [body, signature] = ticket.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 'admin', t: 2, exp: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    // Mangled: the first character of the signature changed (to one it is not, whatever the signature is).
    const mangled = `${body}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    for (const bad of [forged, mangled, 'nodot', `${body}.`]) {
      const answer = await verify(external, bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe(REPORT_MESSAGES.ssoTicketInvalid);
    }
    const missing = await external.app.inject({ url: `/aps${REPORT_SSO.verifyApi}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('报表票据不能为空');

    // Expired: the same service a minute and a second later (the secret does not matter for this check).
    const permissions = external.services.permissions;
    let clock = Date.now();
    const sso = createReportSsoService({
      db: external.db,
      permissions,
      tokenSecret: 'x'.repeat(48),
      externalUrl: EXTERNAL,
      now: () => clock,
    });
    const [admin] = await external.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    const issued = new URL(await sso.link({ userId: admin?.id ?? '', tenantId: 1, username: 'admin' }));
    const fresh = issued.searchParams.get('ticket') ?? '';
    await expect(sso.verify(fresh)).resolves.toMatchObject({ username: 'admin' });
    clock += REPORT_SSO.ticketTtlSeconds * 1000 + 1000;
    await expect(sso.verify(fresh)).rejects.toThrow(REPORT_MESSAGES.ssoTicketInvalid);

    // A frozen user's ticket no longer opens anything.
    const user = await external.createUser();
    const frozenTicket = new URL(
      (await link(external, await external.login(user.username, user.password))).json().result as string,
    ).searchParams.get('ticket');
    await external.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.id, user.id));
    expect((await verify(external, frozenTicket ?? '')).statusCode).toBe(400);
  });
});
