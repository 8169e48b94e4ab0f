import { describe, expect, it } from 'vitest';
import { ok } from './envelope.ts';
import { okBody } from './list-body.ts';

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
