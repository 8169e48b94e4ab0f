import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoisingValidatorCompiler } from './query-validation.ts';

const schema = z.object({
  pageNo: z.coerce.number().int().min(1),
  ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : [])),
});
const compile = (httpPart: string) =>
  memoisingValidatorCompiler({ schema, method: 'GET', url: '/x', httpPart }) as (data: unknown) => {
    value?: { pageNo: number; ids: string[] };
    error?: unknown;
  };

describe('memoisingValidatorCompiler', () => {
  it('answers a query seen before with an equal value of its own, frozen below the top level', () => {
    const validate = compile('querystring');
    const first = validate({ pageNo: '2', ids: 'a,b' }).value;
    expect(first).toEqual({ pageNo: 2, ids: ['a', 'b'] });
    if (!first) throw new Error('no value');
    first.pageNo = 99;
    const second = validate({ pageNo: '2', ids: 'a,b' }).value;
    expect(second).toEqual({ pageNo: 2, ids: ['a', 'b'] });
    expect(second).not.toBe(first);
    expect(() => second?.ids.push('c')).toThrow(TypeError);
    expect(validate({ pageNo: '3', ids: 'a,b' }).value).toEqual({ pageNo: 3, ids: ['a', 'b'] });
  });

  it('refuses a bad query every time, with the validator error', () => {
    const validate = compile('querystring');
    expect(validate({ pageNo: '0' }).error).toBeTruthy();
    expect(validate({ pageNo: '0' }).error).toBeTruthy();
    expect(validate({ pageNo: '1' }).value).toEqual({ pageNo: 1, ids: [] });
  });

  it('leaves bodies alone: each gets a fresh, unfrozen value', () => {
    const validate = compile('body');
    const first = validate({ pageNo: '2', ids: 'a' }).value;
    first?.ids.push('b');
    expect(validate({ pageNo: '2', ids: 'a' }).value).toEqual({ pageNo: 2, ids: ['a'] });
  });
});
