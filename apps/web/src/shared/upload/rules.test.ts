import { describe, expect, it } from 'vitest';
import {
  ACCEPT,
  checkBeforeUpload,
  createSecretWarner,
  formatBytes,
  joinPaths,
  keepLastN,
  moveItem,
  previewKind,
  staticUrl,
} from './rules.ts';

const MB10 = 10_485_760;

describe('checkBeforeUpload (§5)', () => {
  it.each([
    // [name, type, size, mode, expected]
    ['a.png', 'image/png', 100, 'image', null],
    ['a.jpg', 'image/jpeg', 100, 'image', null],
    ['a.JPEG', 'image/jpeg', MB10, 'image', null],
    ['a.png', 'image/png', MB10 + 1, 'image', '图片大小超出10MB限制, 请压缩或降低文件质量!'],
    ['a.gif', 'image/gif', 100, 'image', '请上传jpeg、jpg、png类型的图片'],
    ['a.webp', 'image/webp', 100, 'image', '请上传jpeg、jpg、png类型的图片'],
    ['a.txt', 'text/plain', 100, 'image', '请上传图片'],
    ['a.pdf', 'application/pdf', 100, 'image', '请上传图片'],
    ['noext', '', 100, 'image', '请上传图片'],
    ['a.pdf', 'application/pdf', 100, 'pdf', null],
    ['A.PDF', '', 100, 'pdf', null],
    ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 100, 'pdf', '请上传pdf文件'],
    ['a.png', 'image/png', 100, 'pdf', '请上传pdf文件'],
    // Any file in the generic mode: the server judges the content.
    ['a.zip', 'application/zip', 50 * MB10, 'file', null],
  ] as const)('%s (%s, %d bytes) in %s mode → %s', (name, type, size, mode, expected) => {
    expect(checkBeforeUpload({ name, type, size }, mode)).toBe(expected);
  });

  it('the picker offers the same types', () => {
    expect(ACCEPT.image).toBe('.jpeg,.jpg,.png,image/jpeg,image/png');
    expect(ACCEPT.pdf).toBe('.pdf,application/pdf');
    expect(ACCEPT.file).toBeUndefined();
  });
});

describe('keepLastN (§5 multi-file limit)', () => {
  it.each([
    [[1, 2, 3, 4, 5], 3, [3, 4, 5]],
    [[1, 2], 3, [1, 2]],
    [[1, 2, 3], 1, [3]],
    [[1, 2, 3], undefined, [1, 2, 3]],
    [[1, 2, 3], 0, [1, 2, 3]],
    [[], 2, []],
  ])('%j limited to %s → %j', (list, n, expected) => {
    expect(keepLastN(list, n)).toEqual(expected);
  });
});

describe('moveItem (§4/§5 image reorder)', () => {
  const list = ['a', 'b', 'c'];
  it.each([
    [0, 'next', { ok: true, list: ['b', 'a', 'c'] }],
    [1, 'prev', { ok: true, list: ['b', 'a', 'c'] }],
    [1, 'next', { ok: true, list: ['a', 'c', 'b'] }],
    [2, 'prev', { ok: true, list: ['a', 'c', 'b'] }],
    [0, 'prev', { ok: false, warning: '未知的操作' }],
    [2, 'next', { ok: false, warning: '已到最后~' }],
    [5, 'prev', { ok: false, warning: '未知的操作' }],
    [-1, 'next', { ok: false, warning: '未知的操作' }],
  ] as const)('index %d %s → %j', (index, direction, expected) => {
    expect(moveItem(list, index, direction)).toEqual(expected);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('a single image can move neither way', () => {
    expect(moveItem(['a'], 0, 'prev')).toEqual({ ok: false, warning: '未知的操作' });
    expect(moveItem(['a'], 0, 'next')).toEqual({ ok: false, warning: '已到最后~' });
  });
});

describe('paths and URLs (§3, §7)', () => {
  it('joins paths with commas', () => {
    expect(joinPaths(['a', 'b'])).toBe('a,b');
  });

  it.each([
    ['temp/20261123/x.png', '/aps/sys/common/static/temp/20261123/x.png'],
    ['/temp/20261123/x.png', '/aps/sys/common/static/temp/20261123/x.png'],
    ['https://cdn.example.com/x.png', 'https://cdn.example.com/x.png'],
    ['http://cdn.example.com/x.png', 'http://cdn.example.com/x.png'],
    ['[{"url":"x"}]', '[{"url":"x"}]'],
  ])('static URL of %s is %s', (path, url) => {
    expect(staticUrl(path)).toBe(url);
  });

  it.each([
    ['a.PNG', undefined, 'image'],
    ['x', 'image/jpeg', 'image'],
    ['c.pdf', undefined, 'pdf'],
    ['x', 'application/pdf', 'pdf'],
    ['d.docx', undefined, 'other'],
  ] as const)('%s (%s) previews as %s', (name, mime, kind) => {
    expect(previewKind(name, mime)).toBe(kind);
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(MB10)).toBe('10.0 MB');
  });
});

describe('createSecretWarner (§5: at most every 5000 ms)', () => {
  it('shows the warning once per 5000 ms however often uploads start', () => {
    let now = 1_000_000;
    let shown = 0;
    const warn = createSecretWarner(
      () => shown++,
      undefined,
      () => now,
    );
    expect(warn()).toBe(true);
    expect(warn()).toBe(false);
    now += 4999;
    expect(warn()).toBe(false);
    now += 1;
    expect(warn()).toBe(true);
    now += 100;
    expect(warn()).toBe(false);
    expect(shown).toBe(2);
  });
});
