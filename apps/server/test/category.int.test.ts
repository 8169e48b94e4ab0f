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

type Node = { key: string; label: string; name: string; code: string; leaf: 0 | 1; isLeaf: boolean; children?: Node[] };

describe('category dictionary (/sys/category/*)', () => {
  it('serves the seeded purchase categories as a tree (loadTreeRoot, loadTreeChildren, loadOne, loadDictItem)', async () => {
    const roots: Node[] = (await call(admin, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=0')).json().result;
    expect(roots.map((n) => n.name)).toEqual(['劳务', '物资', '资产', '材料']);
    expect(roots[0]).toMatchObject({ code: 'A01', leaf: 0, isLeaf: false, label: '劳务' });
    expect(roots[0]?.children).toBeUndefined();

    const sync: Node[] = (await call(admin, 'GET', '/sys/category/loadTreeRoot?async=false&pcode=0')).json().result;
    expect(sync[1]?.children?.map((n) => n.name)).toEqual(['钢材', '水泥', '商品混凝土', '电线电缆']);
    const underMaterial: Node[] = (await call(admin, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=A02')).json()
      .result;
    expect(underMaterial.map((n) => n.code)).toEqual(['A02A01', 'A02A02', 'A02A03', 'A02A04']);
    expect(underMaterial[0]).toMatchObject({ leaf: 1, isLeaf: true });

    const kids: Node[] = (await call(admin, 'GET', `/sys/category/loadTreeChildren?pid=${roots[0]?.key}`)).json()
      .result;
    expect(kids.map((n) => n.name)).toEqual(['劳务分包', '专业分包', '设计咨询']);

    const one = (await call(admin, 'GET', '/sys/category/loadOne?field=code&val=A02A01')).json();
    expect(one.result.name).toBe('钢材');
    const labels = (await call(admin, 'GET', `/sys/category/loadDictItem/?ids=${kids[1]?.key},${kids[0]?.key}`)).json();
    expect(labels.result).toEqual(['专业分包', '劳务分包']);
  });

  it('loadTreeData filters by a JSON-object condition and refuses anything else with the §5 message', async () => {
    const all: Node[] = (await call(admin, 'GET', '/sys/category/loadTreeData?pcode=A02')).json().result;
    expect(all).toHaveLength(4);
    const cond = encodeURIComponent(JSON.stringify({ name: '水泥' }));
    const one: Node[] = (await call(admin, 'GET', `/sys/category/loadTreeData?pcode=A02&condition=${cond}`)).json()
      .result;
    expect(one.map((n) => n.code)).toEqual(['A02A02']);
    const roots: Node[] = (await call(admin, 'GET', '/sys/category/loadTreeData')).json().result;
    expect(roots.map((n) => n.code)).toEqual(['A01', 'A02', 'A03', 'A04']);

    for (const bad of ['abc', '[1,2]', '"text"', '{"name":{"$ne":1}}']) {
      const res = await call(admin, 'GET', `/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
      });
    }
    const badField = await call(
      admin,
      'GET',
      `/sys/category/loadTreeData?pcode=0&condition=${encodeURIComponent('{"tenant_id":2}')}`,
    );
    expect(badField.json()).toMatchObject({ success: false, message: '不支持按字段“tenant_id”查询分类' });
    const badLoadOne = await call(admin, 'GET', '/sys/category/loadOne?field=tenant_id&val=1');
    expect(badLoadOne.json()).toMatchObject({ success: false, message: '不支持按字段“tenant_id”查询分类' });
  });

  it('adds with generated hierarchical codes, keeps has_child right, refuses deleting a parent', async () => {
    const root = (await call(admin, 'POST', '/sys/category/add', { name: '测试大类' })).json();
    expect(root.success, JSON.stringify(root)).toBe(true);
    expect(root.result.code).toMatch(/^A\d{2}$/);
    const child = (await call(admin, 'POST', '/sys/category/add', { name: '测试小类', pid: root.result.id })).json()
      .result;
    expect(child.code).toBe(`${root.result.code}A01`);
    const child2 = (await call(admin, 'POST', '/sys/category/add', { name: '测试小类二', pid: root.result.id })).json()
      .result;
    expect(child2.code).toBe(`${root.result.code}A02`);
    expect((await call(admin, 'GET', `/sys/category/queryById?id=${root.result.id}`)).json().result.hasChild).toBe('1');

    const refused = await call(admin, 'DELETE', `/sys/category/delete?id=${root.result.id}`);
    expect(refused.json()).toMatchObject({ success: false, message: '该分类下还有子分类，不能删除' });
    const cycle = await call(admin, 'PUT', '/sys/category/edit', {
      id: root.result.id,
      name: '测试大类',
      pid: child.id,
    });
    expect(cycle.json()).toMatchObject({ success: false, message: '不能把分类移动到它自己或它的下级之下' });

    const list = (await call(admin, 'GET', '/sys/category/list?name=测试小类')).json().result;
    expect(list.total).toBe(2);
    expect((await call(admin, 'DELETE', `/sys/category/deleteBatch?ids=${child.id},${child2.id}`)).json().success).toBe(
      true,
    );
    expect((await call(admin, 'GET', `/sys/category/queryById?id=${root.result.id}`)).json().result.hasChild).toBe('0');
    expect((await call(admin, 'DELETE', `/sys/category/delete?id=${root.result.id}`)).json().success).toBe(true);
  });

  it('keeps tenants apart and needs the permission code to administer', async () => {
    const mine = (await call(admin, 'POST', '/sys/category/add', { name: '租户一专属' })).json().result;
    const other = await t.createUser({ tenantId: 2, roles: ['admin'], departs: ['B01'] });
    const otherToken = await t.login(other.username, other.password);
    const theirs = (await call(otherToken, 'GET', '/sys/category/list?name=租户一专属', undefined, '2')).json().result;
    expect(theirs.total).toBe(0);
    expect((await call(otherToken, 'GET', `/sys/category/queryById?id=${mine.id}`, undefined, '2')).statusCode).toBe(
      404,
    );
    const del = await call(otherToken, 'DELETE', `/sys/category/delete?id=${mine.id}`, undefined, '2');
    expect(del.statusCode).toBe(404);

    const buyer = await t.createUser({ roles: ['buyer'] });
    const buyerToken = await t.login(buyer.username, buyer.password);
    expect((await call(buyerToken, 'POST', '/sys/category/add', { name: 'x' })).statusCode).toBe(403);
    expect((await call(buyerToken, 'GET', '/sys/category/list')).statusCode).toBe(403);
    // The tree reads behind the select components only need a login.
    expect((await call(buyerToken, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=0')).json().success).toBe(true);
    await call(admin, 'DELETE', `/sys/category/delete?id=${mine.id}`);
  });
});
