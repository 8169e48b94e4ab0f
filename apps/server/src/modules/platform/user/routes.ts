import {
  checkOnlyUserSchema,
  DICT,
  departUsersQuerySchema,
  EXPOSURE_MESSAGES,
  idsQuerySchema,
  LOGIN,
  PERMISSIONS,
  selectDepartSchema,
  type UserListRow,
  updatePasswordSchema,
  userAddSchema,
  userChangePasswordSchema,
  userComponentQuerySchema,
  userEditSchema,
  userFrozenSchema,
  userIdQuerySchema,
  userListQuerySchema,
} from '@aps/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes, tenantOf } from '../../../core/crud-routes.ts';
import { fail, forbidden, ok } from '../../../core/envelope.ts';
import { readTable } from '../../../core/shared-tables.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import { sendXlsx } from '../excel/export.ts';
import { acceptExcelUploads, importReply, readExcelUploads } from '../excel/upload.ts';
import { pickerRow } from './admin-rows.ts';
import { USER_MESSAGES } from './service.ts';

/** Dictionary-coded fields of a user row (JeecgBoot's `_dictText` companions). */
const USER_DICT_FIELDS = {
  sex: DICT.sex,
  status: DICT.userStatus,
  userType: DICT.userType,
  userEnd: DICT.userEnd,
} as const;

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { users } = services;
  // Scoped to this plugin: only importExcel reads multipart bodies.
  await acceptExcelUploads(app);

  app.get(
    '/sys/user/getUserInfo',
    { config: { access: LOGIN }, schema: { tags: ['用户'], summary: '当前登录用户信息' } },
    async (request) => {
      const s = sessionOf(request);
      return ok(await users.info(s.userId, s.tenantId));
    },
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { access: LOGIN }, schema: { tags: ['用户'], summary: '当前用户的部门' } },
    async (request) => {
      const s = sessionOf(request);
      return ok(await users.currentDeparts(s.userId, s.tenantId));
    },
  );

  app.post(
    '/sys/selectDepart',
    {
      config: { access: LOGIN, audit: '切换部门' },
      schema: { tags: ['用户'], summary: '切换当前部门', body: selectDepartSchema },
    },
    async (request) => {
      const s = sessionOf(request);
      if (request.body.username && request.body.username !== s.username) throw forbidden(USER_MESSAGES.notYourDepart);
      const userInfo = await users.selectDepart(s.userId, s.tenantId, request.body.orgCode);
      return ok({ userInfo }, '切换部门成功');
    },
  );

  app.post(
    '/sys/user/updatePassword',
    {
      config: { access: LOGIN, audit: '修改密码' },
      schema: { tags: ['用户'], summary: '修改本人密码', body: updatePasswordSchema },
    },
    async (request) => {
      const s = sessionOf(request);
      await users.updatePassword(s.userId, s.username, request.body);
      return ok(null, '密码修改成功！');
    },
  );

  // ── Administration (/sys/user/*, tenant of the tenant-id header) ──────────────────────────────
  const admin = services.userAdmin;
  const U = PERMISSIONS.user;
  const TAGS = ['用户管理'];

  crudRoutes(app, services.dicts, {
    base: '/sys/user',
    name: '用户',
    list: {
      access: U.list,
      query: userListQuerySchema,
      run: (request, query) => admin.list(tenantOf(request), query),
      dictText: USER_DICT_FIELDS,
    },
    byId: { access: U.list, run: (request, id) => admin.byId(tenantOf(request), String(id)) },
    add: { access: U.add, body: userAddSchema, run: (request, body) => admin.add(tenantOf(request), body) },
    edit: { access: U.edit, body: userEditSchema, run: (request, body) => admin.edit(tenantOf(request), body) },
    remove: {
      access: U.delete,
      messages: { one: '删除用户成功', batch: '批量删除用户成功' },
      // Nobody deletes themselves.
      run: (request, ids) => {
        const s = sessionOf(request);
        return admin.remove(s.tenantId, ids.map(String), s.userId);
      },
    },
  });

  app.put(
    '/sys/user/frozenBatch',
    {
      config: { access: U.frozen, audit: '冻结/解冻用户' },
      schema: { tags: TAGS, summary: '批量冻结或解冻（status 2 冻结，1 解冻）', body: userFrozenSchema },
    },
    async (request) => {
      const s = sessionOf(request);
      const n = await admin.setStatus(s.tenantId, request.body.ids, request.body.status, s.userId);
      return ok(n, request.body.status === 2 ? '冻结成功!' : '解冻成功!');
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { access: U.changePassword, audit: '管理员修改用户密码' },
      schema: { tags: TAGS, summary: '管理员设置用户密码', body: userChangePasswordSchema },
    },
    async (request) => {
      await admin.changePassword(sessionOf(request).tenantId, request.body.username, request.body.password);
      return ok(null, '密码修改成功！');
    },
  );

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { access: U.list },
      schema: { tags: TAGS, summary: '用户账号/手机号/邮箱唯一性校验', querystring: checkOnlyUserSchema },
    },
    async (request, reply) => {
      const message = await admin.taken(request.query);
      // Taken is an answer, not an error (§5: success false shows the message as the field error).
      return message ? reply.send(fail(200, message, false)) : ok(true, '该值可用！');
    },
  );

  app.get(
    '/sys/user/queryUserRole',
    {
      config: { access: U.list },
      schema: { tags: TAGS, summary: '用户在本租户的角色id', querystring: userIdQuerySchema },
    },
    async (request) => ok(await admin.roleIds(sessionOf(request).tenantId, request.query.userid)),
  );

  app.get(
    '/sys/user/queryUserByDepId',
    {
      config: { access: U.list },
      schema: { tags: TAGS, summary: '部门下的用户', querystring: departUsersQuerySchema },
    },
    async (request) => ok(await admin.ofDepart(sessionOf(request).tenantId, request.query.id, request.query.realname)),
  );

  // The pickers serve business forms: the user list's code reads everything; internal users (userEnd 1) without it
  // pick with phone and e-mail masked and may not search by them; external user ends (2 expert, 3 supplier)
  // without it are refused (the sys_user entry of core/shared-tables.ts decides, as for the table reads).
  const pickerView = async (request: FastifyRequest, searchesContact = false) => {
    const read = await readTable(services.callers(request), 'sys_user');
    if (!read.full && searchesContact) throw forbidden(EXPOSURE_MESSAGES.contactSearch);
    return (rows: UserListRow[]) => (read.full ? rows : rows.map(pickerRow));
  };

  app.get(
    '/sys/user/getMultiUser',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '按id批量取用户（逗号分隔）', querystring: idsQuerySchema },
    },
    async (request) => {
      const view = await pickerView(request);
      return ok(view(await admin.many(sessionOf(request).tenantId, request.query.ids)));
    },
  );

  app.get(
    '/sys/user/queryUserComponentData',
    {
      config: { access: LOGIN },
      schema: { tags: TAGS, summary: '选人组件分页数据', querystring: userComponentQuerySchema },
    },
    async (request) => {
      const view = await pickerView(request, request.query.field === 'phone');
      const page = await admin.picker(sessionOf(request).tenantId, request.query);
      return ok({ ...page, records: view(page.records) });
    },
  );

  app.post(
    '/sys/user/importExcel',
    {
      config: { access: U.add, audit: '导入用户' },
      schema: { tags: TAGS, summary: '导入用户（multipart，.xls/.xlsx，可多个文件）' },
    },
    async (request) => {
      const s = sessionOf(request);
      const files = await readExcelUploads(request);
      return importReply(await admin.importFiles({ tenantId: s.tenantId, userId: s.userId }, files));
    },
  );

  app.get(
    '/sys/user/exportXls',
    {
      config: { access: U.export },
      schema: { tags: TAGS, summary: '导出用户（xlsx）', querystring: userListQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(
        reply,
        { fileName: '用户列表.xlsx', asciiFallback: 'users.xlsx' },
        admin.exportList(sessionOf(request).tenantId, request.query),
      ),
  );
};
