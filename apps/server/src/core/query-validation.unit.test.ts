import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoisingValidatorCompiler } from './query-validation.ts';

const schema = z.object({
  pageNo: z.coerce.number().int().min(1),
  _t: z.string().optional(),
  ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : [])),
});
const compile = (httpPart: string, routeSchema: z.ZodType = schema) =>
  memoisingValidatorCompiler({ schema: routeSchema, method: 'GET', url: '/x', httpPart }) as (data: unknown) => {
    value?: { pageNo: number; ids: string[]; _t?: string };
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

  it('leaves the cache buster _t out of the key and gives each request its own', () => {
    const validate = compile('querystring');
    expect(validate({ pageNo: '2', _t: '111' }).value).toEqual({ pageNo: 2, ids: [], _t: '111' });
    expect(validate({ pageNo: '2', _t: '222' }).value).toEqual({ pageNo: 2, ids: [], _t: '222' });
    expect(validate({ pageNo: '2' }).value).toEqual({ pageNo: 2, ids: [] });
    // A repeated _t is not a string: the schema refuses it, remembered or not.
    expect(validate({ pageNo: '2', _t: ['1', '2'] }).error).toBeTruthy();
  });

  it('keeps a strict schema strict about _t when the same query came before without it', () => {
    const validate = compile('querystring', z.strictObject({ pageNo: z.coerce.number() }));
    expect(validate({ pageNo: '2' }).value).toEqual({ pageNo: 2 });
    expect(validate({ pageNo: '2', _t: '1' }).error).toBeTruthy();
  });

  it('drops _t where the schema drops it', () => {
    const validate = compile('querystring', z.object({ pageNo: z.coerce.number() }));
    expect(validate({ pageNo: '2', _t: '1' }).value).toEqual({ pageNo: 2 });
    expect(validate({ pageNo: '2', _t: '2' }).value).toEqual({ pageNo: 2 });
  });

  it('leaves bodies alone: each gets a fresh, unfrozen value', () => {
    const validate = compile('body');
    const first = validate({ pageNo: '2', ids: 'a' }).value;
    first?.ids.push('b');
    expect(validate({ pageNo: '2', ids: 'a' }).value).toEqual({ pageNo: 2, ids: ['a'] });
  });
});
