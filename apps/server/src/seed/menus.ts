import { PERMISSIONS } from '@aps/shared';
import { BUSINESS_MENUS } from './menus-business.ts';
import { SYSTEM_MENUS } from './menus-system.ts';

/** One menu of the seeded tree. Paths are routes of the web app; components are its view names. */
export interface MenuSeed {
  title: string;
  path: string;
  component?: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  external?: boolean;
  isRoute?: boolean;
  componentName?: string;
  buttons?: [code: string, name: string][];
  children?: MenuSeed[];
}

const P = PERMISSIONS;

/** The platform's menu tree: every area of the product (§1). */
export const MENU_TREE: MenuSeed[] = [
  { title: '首页', path: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' },
  {
    title: '个人页',
    path: '/account',
    component: 'layouts/RouteView',
    icon: 'user',
    children: [
      { title: '个人中心', path: '/account/center', component: 'account/center/Index', hidden: true },
      { title: '个人设置', path: '/account/settings', component: 'account/settings/Index', hidden: true },
    ],
  },
  ...BUSINESS_MENUS,
  {
    title: '常见问题',
    path: '/qa/questionsAndAnswers',
    component: 'qa/QuestionsAndAnswers',
    icon: 'question-circle',
    buttons: [[P.qa.edit, '问答维护']],
  },
  ...SYSTEM_MENUS,
];

/** Paths of top-level menus each role sees (a role gets the whole subtree and its buttons). */
/** A role's menus: whole subtrees of `paths`, minus the subtrees of `excludePaths` and the `excludeButtons` codes. */
export type RoleMenuGrant = { paths: string[]; excludePaths?: string[]; excludeButtons?: string[] };
