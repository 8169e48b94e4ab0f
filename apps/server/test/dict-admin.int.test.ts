import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.ts';
import { caller, uniqueCode } from './sys-helpers.ts';

let t: TestApp;
let admin: string;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', TEST_ADMIN_PASSWORD);
  call = caller(t);
});
afterAll(() => t.close());

describe('dictionary administration (/sys/dict/*, /sys/dictItem/*)', () => {
  it('adds a dictionary and items, finds them through the cache, edits, deletes', async () => {
    const dictCode = uniqueCode('d_');
    const added = await call(admin, 'POST', '/sys/dict/add', { dictName: '测试字典', dictCode });
    expect(added.json(), added.body).toMatchObject({ success: true, result: { dictCode, itemCount: 0 } });
    const dictId = added.json().result.id as string;
    const dup = await call(admin, 'POST', '/sys/dict/add', { dictName: '重复', dictCode });
    expect(dup.json()).toMatchObject({ success: false, message: '字典编码已存在' });

    for (const [itemValue, itemText, sortOrder] of [
      ['1', '甲级', 2],
      ['2', '乙级', 1],
    ] as const) {
      const res = await call(admin, 'POST', '/sys/dictItem/add', { dictId, itemValue, itemText, sortOrder });
      expect(res.json(), res.body).toMatchObject({ success: true });
    }
    const dupItem = await call(admin, 'POST', '/sys/dictItem/add', { dictId, itemValue: '1', itemText: '又一个' });
    expect(dupItem.json()).toMatchObject({ success: false, message: '该字典下已存在相同的数据值' });

    const items = (await call(admin, 'GET', `/sys/dictItem/list?dictId=${dictId}`)).json().result;
    expect(items.records.map((r: { itemText: string }) => r.itemText)).toEqual(['乙级', '甲级']);
    // The cache was dropped by the writes: the new dictionary is there at once.
    const options = (await call(admin, 'GET', `/sys/dict/getDictItems/${dictCode}`)).json().result;
    expect(options.map((o: { value: string }) => o.value)).toEqual(['2', '1']);
    const labels = (await call(admin, 'GET', `/sys/dict/loadDictItem/${dictCode}?key=1,2`)).json().result;
    expect(labels).toEqual(['甲级', '乙级']);
    const search = (await call(admin, 'GET', `/sys/dict/loadDict/${dictCode}?keyword=乙&pageSize=10`)).json().result;
    expect(search.map((o: { text: string }) => o.text)).toEqual(['乙级']);

    const list = (await call(admin, 'GET', `/sys/dict/list?dictCode=${dictCode}`)).json().result;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({ dictCode, itemCount: 2 });
    const edited = await call(admin, 'PUT', '/sys/dict/edit', { id: dictId, dictName: '改名字典', dictCode });
    expect(edited.json().result.dictName).toBe('改名字典');

    const xlsx = await call(admin, 'GET', `/sys/dict/exportXls?dictCode=${dictCode}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]?.getRow(2).getCell(1).value).toBe('改名字典');

    expect((await call(admin, 'DELETE', `/sys/dict/delete?id=${dictId}`)).json().success).toBe(true);
    expect((await call(admin, 'GET', `/sys/dict/getDictItems/${dictCode}`)).json().result).toEqual([]);
  });

  it('validates with Chinese messages; an empty code gets 字典Code不能为空!', async () => {
    const noCode = await call(admin, 'POST', '/sys/dict/add', { dictName: '无编码', dictCode: '' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toContain('字典Code不能为空!');
    const empty = await call(admin, 'GET', '/sys/dict/getDictItems/%20');
    expect(empty.json().message).toContain('字典Code不能为空!');
    const badCode = await call(admin, 'POST', '/sys/dict/add', { dictName: '坏', dictCode: 'a b' });
    expect(badCode.json().message).toContain('字典编码只能由字母、数字、下划线组成');
  });

  it('refuses without the permission code (403), and with it for reading only', async () => {
    const user = await t.createUser({ roles: ['buyer'] });
    const token = await t.login(user.username, user.password);
    expect((await call(token, 'GET', '/sys/dict/list')).statusCode).toBe(403);
    const add = await call(token, 'POST', '/sys/dict/add', { dictName: 'x', dictCode: uniqueCode('d_') });
    expect(add.statusCode).toBe(403);
    // Reading items by code stays open to every signed-in user.
    expect((await call(token, 'GET', '/sys/dict/getDictItems/sex')).json().result.length).toBeGreaterThan(0);
  });
});

describe('table-backed dictionaries ("table,text,code")', () => {
  it('answers from allow-listed tables, only with the tenant’s rows, values bound', async () => {
    const users = (await call(admin, 'GET', '/sys/dict/getDictItems/sys_user,realname,username')).json();
    expect(users.success).toBe(true);
    expect(users.result.some((o: { value: string }) => o.value === 'admin')).toBe(true);
    const labels = (await call(admin, 'GET', '/sys/dict/loadDictItem/sys_user,realname,username?key=admin')).json();
    expect(labels.result).toHaveLength(1);
    const departs1 = (
      await call(admin, 'GET', '/sys/dict/loadDict/sys_depart,depart_name,org_code?keyword=&pageSize=50')
    )
      .json()
      .result.map((o: { value: string }) => o.value);
    expect(departs1).toContain('A01');
    expect(departs1).not.toContain('B01');
    const departs2 = (
      await call(admin, 'GET', '/sys/dict/loadDict/sys_depart,depart_name,org_code?pageSize=50', undefined, '2')
    )
      .json()
      .result.map((o: { value: string }) => o.value);
    expect(departs2).toContain('B01');
    expect(departs2).not.toContain('A01');
    // A quote in a value is just a value.
    const injected = await call(
      admin,
      'GET',
      `/sys/dict/loadDictItem/sys_user,realname,username?key=${encodeURIComponent("admin' OR '1'='1")}`,
    );
    expect(injected.json().result).toEqual([]);
  });

  it.each([
    ['sys_session,token,id', '表“sys_session”不允许作为字典表'],
    ['pg_user,usename,usesysid', '表“pg_user”不允许作为字典表'],
    ['sys_user,password_hash,username', '表“sys_user”的字段“password_hash”不允许用于字典'],
    ['sys_user,realname,id;drop table sys_user', '表“sys_user”的字段“id;drop table sys_user”不允许用于字典'],
    ['sys_user,realname', '表字典格式有误，应为“表名,显示字段,值字段”'],
  ])('refuses %s with a clear message', async (dict, message) => {
    for (const url of [
      `/sys/dict/getDictItems/${encodeURIComponent(dict)}`,
      `/sys/dict/loadDict/${encodeURIComponent(dict)}?keyword=a`,
      `/sys/dict/loadDictItem/${encodeURIComponent(dict)}?key=a`,
    ]) {
      const res = await call(admin, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message });
    }
  });

  it('loadTreeData walks an allow-listed tree and refuses other tables, columns and bad conditions', async () => {
    const q = 'tableName=sys_depart&text=depart_name&code=id&pidField=parent_id';
    const roots = (await call(admin, 'GET', `/sys/dict/loadTreeData?${q}&pid=0`)).json().result;
    expect(roots.map((n: { title: string }) => n.title)).toEqual(['华信建设集团有限公司']);
    expect(roots[0].isLeaf).toBe(false);
    const children = (await call(admin, 'GET', `/sys/dict/loadTreeData?${q}&pid=${roots[0].key}`)).json().result;
    expect(children.length).toBe(2);
    const cond = encodeURIComponent(JSON.stringify({ org_code: 'A01A02' }));
    const filtered = (
      await call(admin, 'GET', `/sys/dict/loadTreeData?${q}&pid=${roots[0].key}&condition=${cond}`)
    ).json();
    expect(filtered.result.map((n: { title: string }) => n.title)).toEqual(['华信物资贸易分公司']);
    const cat = (
      await call(
        admin,
        'GET',
        '/sys/dict/loadTreeData?tableName=sys_category&text=name&code=id&pidField=pid&hasChildField=has_child&pid=0',
      )
    ).json().result;
    expect(cat.map((n: { title: string }) => n.title)).toEqual(expect.arrayContaining(['劳务', '物资', '资产']));

    const badTable = await call(admin, 'GET', '/sys/dict/loadTreeData?tableName=sys_log&text=ip&code=id&pidField=id');
    expect(badTable.json()).toMatchObject({ success: false, message: '表“sys_log”不允许作为字典表' });
    const badColumn = await call(
      admin,
      'GET',
      `/sys/dict/loadTreeData?${q.replace('pidField=parent_id', 'pidField=tenant_id')}`,
    );
    expect(badColumn.json().message).toBe('表“sys_depart”的字段“tenant_id”不允许用于字典');
    const badCondKey = encodeURIComponent(JSON.stringify({ 'del_flag = 0 OR 1': 1 }));
    expect((await call(admin, 'GET', `/sys/dict/loadTreeData?${q}&condition=${badCondKey}`)).json().message).toBe(
      '表“sys_depart”的字段“del_flag = 0 OR 1”不允许用于字典',
    );
    const notJson = await call(admin, 'GET', `/sys/dict/loadTreeData?${q}&condition=abc`);
    expect(notJson.json()).toMatchObject({ success: false, message: '字典查询条件有误，需要一个JSON对象字符串' });
  });
});
