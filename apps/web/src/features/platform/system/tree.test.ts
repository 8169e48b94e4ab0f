import { describe, expect, it } from 'vitest';
import { indexTree, keysMatching, toggleGrant } from './tree.ts';

// 系统管理 (sys) ─ 用户管理 (user) ─ 新增 (user:add), 删除 (user:del)
//               └ 角色管理 (role)
// 常见问题 (qa) ─ 问答维护 (qa:edit)
const TREE = [
  {
    key: 'sys',
    title: '系统管理',
    children: [
      {
        key: 'user',
        title: '用户管理',
        children: [
          { key: 'user:add', title: '新增' },
          { key: 'user:del', title: '删除' },
        ],
      },
      { key: 'role', title: '角色管理' },
    ],
  },
  { key: 'qa', title: '常见问题', children: [{ key: 'qa:edit', title: '问答维护' }] },
];
const index = indexTree(TREE);

describe('toggleGrant', () => {
  it.each([
    ['checking a button checks its menu and the menu above', [], 'user:add', true, ['sys', 'user', 'user:add']],
    ['checking a menu checks its buttons too', [], 'qa', true, ['qa', 'qa:edit']],
    ['checking a top menu checks the whole branch', [], 'sys', true, ['sys', 'user', 'user:add', 'user:del', 'role']],
    ['unchecking a button keeps its menu', ['qa', 'qa:edit'], 'qa:edit', false, ['qa']],
    ['unchecking a menu drops its buttons', ['sys', 'user', 'user:add', 'role'], 'user', false, ['sys', 'role']],
    ['the result keeps tree order', ['qa', 'role', 'sys'], 'user:del', true, ['sys', 'user', 'user:del', 'role', 'qa']],
  ])('%s', (_name, checked, key, on, expected) => {
    expect(toggleGrant(index, checked, key, on)).toEqual(expected);
  });
});

describe('keysMatching', () => {
  it.each([
    ['a leaf brings its ancestors', '新增', ['sys', 'user', 'user:add']],
    ['several hits', '管理', ['sys', 'user', 'role']],
    ['nothing for blank text', '  ', []],
    ['nothing for no match', '采购', []],
  ])('%s', (_name, text, expected) => {
    expect(keysMatching(TREE, text)).toEqual(expected);
  });
});
