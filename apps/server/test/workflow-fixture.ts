/**
 * Shared set-up of the workflow engine's integration tests: one test app per file, admin and another tenant's admin,
 * fresh users, processes deployed under fresh keys and bound to 申请示例 (demo_request), and the to-do list.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApprovalXml, type StepSpec } from '../src/modules/platform/workflow/bpmn-builder.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';

export interface U {
  username: string;
  token: string;
}

/** Registers the file's beforeAll/afterAll and returns the helpers; `fx.t`, `fx.admin` once it ran. */
export function workflowFixture() {
  let t: TestApp;
  let admin = '';
  let otherTenantAdmin = '';
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', TEST_ADMIN_PASSWORD);
    const other = await t.createUser({ roles: ['admin'], tenantId: 2, departs: ['B01'] });
    otherTenantAdmin = await t.login(other.username);
  });
  afterAll(() => t.close());

  async function user(): Promise<U> {
    const u = await t.createUser({ roles: ['buyer'] });
    return { username: u.username, token: await t.login(u.username) };
  }

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  async function call(token: string, method: Method, url: string, payload?: object) {
    const res = await t.app.inject({
      method,
      url: `/aps${url}`,
      headers: { 'x-access-token': token },
      ...(payload ? { payload } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the API's answers are untyped JSON here; each test checks its fields.
    type Body = { success: boolean; message: string; result: any };
    return { status: res.statusCode, body: res.json() as Body };
  }
  async function okCall(token: string, method: Method, url: string, payload?: object) {
    const r = await call(token, method, url, payload);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.result;
  }

  let keyNo = 0;
  /** Deploys a process of user steps under a fresh key and binds 申请示例 to it. */
  async function deploy(steps: StepSpec[], name = '测试流程') {
    const key = `t_${Date.now().toString(36)}_${++keyNo}`;
    const xml = buildApprovalXml(key, name, steps);
    const def = await okCall(admin, 'POST', '/workflow/definition/deploy', {
      key,
      name,
      xml,
      businessType: 'demo_request',
    });
    return { key, xml, def };
  }
  const step = (id: string, name: string, users: U[], signMode: 'or' | 'and' = 'or', when?: string): StepSpec => ({
    id,
    name,
    assigneeType: 'user',
    assignees: users.map((u) => u.username),
    signMode,
    ...(when ? { when } : {}),
  });

  async function newRequest(initiator: U, amount = 100) {
    const row = await okCall(initiator.token, 'POST', '/demo/request/add', {
      title: `申请${Date.now().toString(36)}`,
      amount,
      reason: '测试',
    });
    return row.id as string;
  }
  async function submit(initiator: U, id: string) {
    return okCall(initiator.token, 'POST', '/demo/request/submit', { id });
  }
  async function statusOf(initiator: U, id: string): Promise<number> {
    return (await okCall(initiator.token, 'GET', `/demo/request/queryById?id=${id}`)).approvalStatus;
  }
  async function todo(u: U, title?: string) {
    const q = title ? `&title=${encodeURIComponent(title)}` : '';
    return (await okCall(u.token, 'GET', `/workflow/task/todo?pageNo=1&pageSize=50${q}`)).records as {
      id: string;
      instanceId: string;
      nodeId: string;
      nodeName: string;
      businessKey: string;
    }[];
  }
  async function taskFor(u: U, businessKey: string) {
    const list = await todo(u);
    const task = list.find((x) => x.businessKey === businessKey);
    expect(task, `${u.username} has a task for ${businessKey}`).toBeTruthy();
    return task as NonNullable<typeof task>;
  }
  const noTaskFor = async (u: U, businessKey: string) =>
    expect((await todo(u)).some((x) => x.businessKey === businessKey)).toBe(false);

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    get otherTenantAdmin() {
      return otherTenantAdmin;
    },
    user,
    call,
    okCall,
    deploy,
    step,
    newRequest,
    submit,
    statusOf,
    todo,
    taskFor,
    noTaskFor,
  };
}
