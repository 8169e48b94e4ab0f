import { describe, expect, it } from 'vitest';
import { isExcelFileName, progressView } from './progress.ts';

describe('isExcelFileName', () => {
  it.each([
    ['a.xlsx', true],
    ['旧版.XLS', true],
    ['b.xlsm', false],
    ['c.csv', false],
    ['xlsx', false],
    ['d.xlsx.exe', false],
  ])('%s → %s', (name, expected) => expect(isExcelFileName(name)).toBe(expected));
});

describe('progressView', () => {
  it.each([
    ['idle', 0, 0, null],
    ['uploading', 0, 0, { percent: 0, status: 'active', text: '上传中 0%' }],
    ['uploading', 512, 1024, { percent: 50, status: 'active', text: '上传中 50%' }],
    // Every byte sent is not "done": the server still has to read the rows.
    ['uploading', 1024, 1024, { percent: 99, status: 'active', text: '上传中 99%' }],
    ['processing', 1024, 1024, { percent: 100, status: 'active', text: '正在处理，请稍候…' }],
  ] as const)('%s %d/%d', (phase, loaded, total, expected) => {
    expect(progressView(phase, loaded, total)).toEqual(expected);
  });
});
