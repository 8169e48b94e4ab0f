import { GRID_AUTH, PERMISSIONS } from '@aps/shared';
import type { MenuSeed } from './menus.ts';

const P = PERMISSIONS;

/** 系统管理 and 示例页面, and the hidden pages reached from the header. */
export const SYSTEM_MENUS: MenuSeed[] = [
  {
    title: '系统管理',
    path: '/system',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      {
        title: '用户管理',
        path: '/system/user',
        component: 'system/UserList',
        keepAlive: true,
        buttons: [
          [P.user.list, '查询'],
          [P.user.add, '新增'],
          [P.user.edit, '编辑'],
          [P.user.delete, '删除'],
          [P.user.frozen, '冻结'],
          [P.user.export, '导出'],
          [P.user.changePassword, '修改密码'],
        ],
      },
      {
        title: '角色管理',
        path: '/system/role',
        component: 'system/RoleList',
        buttons: [
          [P.role.list, '查询'],
          [P.role.add, '新增'],
          [P.role.edit, '编辑'],
          [P.role.delete, '删除'],
          [P.role.authorize, '授权'],
        ],
      },
      {
        title: '菜单管理',
        path: '/system/permission',
        component: 'system/PermissionList',
        buttons: [
          [P.permission.list, '查询'],
          [P.permission.add, '新增'],
          [P.permission.edit, '编辑'],
          [P.permission.delete, '删除'],
          [P.permission.dataRule, '数据规则'],
        ],
      },
      {
        title: '部门管理',
        path: '/system/depart',
        component: 'system/DepartList',
        buttons: [
          [P.depart.list, '查询'],
          [P.depart.add, '新增'],
          [P.depart.edit, '编辑'],
          [P.depart.delete, '删除'],
          [P.depart.authorize, '部门授权'],
          [P.depart.role, '部门角色'],
        ],
      },
      {
        title: '数据字典',
        path: '/system/dict',
        component: 'system/DictList',
        buttons: [
          [P.dict.list, '查询'],
          [P.dict.edit, '编辑'],
        ],
      },
      {
        title: '分类字典',
        path: '/system/category',
        component: 'system/CategoryList',
        buttons: [
          [P.category.list, '查询'],
          [P.category.edit, '编辑'],
        ],
      },
      { title: '系统日志', path: '/system/log', component: 'system/LogList', buttons: [[P.log.list, '查询']] },
      {
        title: '系统通告',
        path: '/system/announcement',
        component: 'system/AnnouncementList',
        buttons: [
          [P.announcement.list, '查询'],
          [P.announcement.edit, '编辑'],
        ],
      },
      {
        title: '租户管理',
        path: '/system/tenant',
        component: 'system/TenantList',
        buttons: [
          [P.tenant.list, '查询'],
          [P.tenant.edit, '编辑'],
        ],
      },
      {
        title: '职务管理',
        path: '/system/position',
        component: 'system/PositionList',
        buttons: [
          [P.position.list, '查询'],
          [P.position.edit, '编辑'],
        ],
      },
      {
        title: '定时任务',
        path: '/system/quartz',
        component: 'system/QuartzJobList',
        buttons: [
          [P.job.list, '查询'],
          [P.job.edit, '编辑'],
        ],
      },
      {
        title: '网关路由',
        path: '/system/gateway',
        component: 'system/GatewayRouteList',
        buttons: [
          [P.gateway.list, '查询'],
          [P.gateway.edit, '编辑'],
        ],
      },
      {
        title: '填值规则',
        path: '/system/fillRule',
        component: 'system/FillRuleList',
        buttons: [
          [P.fillRule.list, '查询'],
          [P.fillRule.edit, '编辑'],
        ],
      },
      {
        title: '校验规则',
        path: '/system/checkRule',
        component: 'system/CheckRuleList',
        buttons: [
          [P.checkRule.list, '查询'],
          [P.checkRule.edit, '编辑'],
        ],
      },
      {
        title: '在线用户',
        path: '/system/online',
        component: 'system/OnlineUserList',
        buttons: [
          [P.online.list, '查询'],
          [P.online.forceLogout, '强制退出'],
        ],
      },
    ],
  },
  {
    title: '示例页面',
    path: '/demo',
    component: 'layouts/RouteView',
    icon: 'appstore',
    children: [
      {
        title: '可编辑表格',
        path: '/demo/grid',
        component: 'demo/EditableGridDemo',
        // §6: grid codes under the page's prefix (a column key, or a toolbar button).
        buttons: [
          [GRID_AUTH.demo.price, '单价列'],
          [GRID_AUTH.demo.batchDelete, '批量删除'],
        ],
      },
      {
        title: '申请示例',
        path: '/demo/request',
        component: 'demo/RequestDemo',
        buttons: [
          [P.demoRequest.list, '查询'],
          [P.demoRequest.edit, '新增/编辑/提交'],
        ],
      },
      { title: '高级查询', path: '/demo/superQuery', component: 'demo/SuperQueryDemo' },
      { title: 'Cron表达式', path: '/demo/cron', component: 'demo/CronDemo' },
      { title: '文件上传', path: '/demo/upload', component: 'demo/UploadDemo' },
      { title: '选择组件', path: '/demo/pickers', component: 'demo/PickerDemo' },
      { title: 'Excel导入导出', path: '/demo/excel', component: 'demo/ExcelDemo' },
      {
        title: '异常页',
        path: '/exception',
        component: 'layouts/RouteView',
        children: [
          { title: '403', path: '/exception/403', component: 'exception/403' },
          { title: '404', path: '/exception/404', component: 'exception/404' },
          { title: '500', path: '/exception/500', component: 'exception/500' },
        ],
      },
    ],
  },
  { title: '接口文档', path: '/aps/docs', icon: 'api', external: true, component: 'layouts/IframePageView' },
  { title: '我的消息', path: '/isps/userAnnouncement', component: 'system/UserAnnouncementList', hidden: true },
];
