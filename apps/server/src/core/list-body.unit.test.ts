import { describe, expect, it } from 'vitest';
import { ok } from './envelope.ts';
import { answerOf, okBody } from './list-body.ts';

describe('okBody', () => {
  it('gives the bytes of JSON.stringify(ok(result)), Chinese and all', () => {
    const result = { records: [{ id: 'a', name: '食堂设备采购', purchaseStage_dictText: '评审中' }], total: 1 };
    const body = okBody(Buffer.from(JSON.stringify(result)), 1_764_000_000_000);
    expect(body.toString('utf8')).toBe(JSON.stringify({ ...ok(result), timestamp: 1_764_000_000_000 }));
    expect(JSON.parse(body.toString('utf8'))).toMatchObject({
      success: true,
      code: 200,
      message: '操作成功！',
      result,
    });
  });
});

describe('answerOf', () => {
  it('answers okBody at the given millisecond, the same buffer within it, a fresh one after it', () => {
    const page = Buffer.from('{"records":[],"total":0}');
    const other = Buffer.from('{"records":[{"id":"b"}],"total":1}');
    const first = answerOf(page, 1_764_000_000_000);
    expect(first.equals(okBody(page, 1_764_000_000_000))).toBe(true);
    expect(answerOf(page, 1_764_000_000_000)).toBe(first);
    expect(answerOf(other, 1_764_000_000_000).toString()).toContain('"id":"b"');
    const later = answerOf(page, 1_764_000_000_001);
    expect(later).not.toBe(first);
    expect(JSON.parse(later.toString()).timestamp).toBe(1_764_000_000_001);
  });
});
