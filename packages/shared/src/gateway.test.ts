import { describe, expect, it } from 'vitest';
import {
  GATEWAY_FILTERS,
  GATEWAY_MESSAGES,
  GATEWAY_PREDICATES,
  isGatewayUri,
  parseGatewayDefinitions,
} from './gateway.constants.ts';
import { gatewayRouteAddSchema } from './gateway.ts';
import { maxLengthMessage } from './rules.ts';

const PATH = '{"name":"Path","args":{"_genkey_0":"/api/**"}}';
const badJson = (what: string) => GATEWAY_MESSAGES.badJson(what);

describe('isGatewayUri', () => {
  it.each([
    ['lb://aps-system', true],
    ['http://127.0.0.1:8080', true],
    ['https://example.com/base', true],
    ['lb://', false],
    ['ftp://example.com', false],
    ['http://user:pw@example.com', false],
    ['http://', false],
    ['example.com', false],
  ])('%j → %s', (uri, expected) => {
    expect(isGatewayUri(uri)).toBe(expected);
  });
});

// The web's form calls parseGatewayDefinitions directly and the server through the schema: both must agree.
describe('parseGatewayDefinitions and the schema', () => {
  const predicates = gatewayRouteAddSchema.shape.predicates;
  const filters = gatewayRouteAddSchema.shape.filters;
  const schemaMessage = (schema: typeof predicates, text: string) => {
    const r = schema.safeParse(text);
    return r.success ? null : (r.error.issues[0]?.message ?? '');
  };

  it.each([
    ['one Path predicate', `[${PATH}]`, null],
    ['args left out', '[{"name":"Method"}]', null],
    ['numbers and booleans become text', '[{"name":"Weight","args":{"group":"g","weight":8,"x":true}}]', null],
    ['empty text', '', GATEWAY_MESSAGES.predicatesRequired],
    ['not JSON', '[{name:Path}]', badJson('断言')],
    ['an object, not an array', PATH, badJson('断言')],
    ['an unknown name', '[{"name":"Foo","args":{}}]', GATEWAY_MESSAGES.badName('断言', 'Foo')],
    ['args as an array', '[{"name":"Path","args":["/a"]}]', badJson('断言')],
    ['an object arg', '[{"name":"Path","args":{"a":{"b":1}}}]', badJson('断言')],
    ['no name', '[{"args":{}}]', badJson('断言')],
    ['too long', `[${' '.repeat(10_000)}]`, maxLengthMessage(10_000)],
  ])('predicates: %s', (_name, text, message) => {
    const result = parseGatewayDefinitions(text, '断言', GATEWAY_PREDICATES, true);
    expect(result.ok ? null : result.message).toBe(message);
    expect(schemaMessage(predicates, text)).toBe(message);
    if (result.ok) expect(result.value).toEqual(predicates.parse(text));
  });

  it.each([
    ['empty text is no filters', '', null],
    ['StripPrefix', '[{"name":"StripPrefix","args":{"_genkey_0":"1"}}]', null],
    ['a predicate name is not a filter', `[${PATH}]`, GATEWAY_MESSAGES.badName('过滤器', 'Path')],
  ])('filters: %s', (_name, text, message) => {
    const result = parseGatewayDefinitions(text, '过滤器', GATEWAY_FILTERS, false);
    expect(result.ok ? null : result.message).toBe(message);
    expect(schemaMessage(filters, text)).toBe(message);
  });

  it('turns args into text', () => {
    expect(
      parseGatewayDefinitions('[{"name":"Weight","args":{"w":8,"x":true}}]', '断言', GATEWAY_PREDICATES, true),
    ).toEqual({ ok: true, value: [{ name: 'Weight', args: { w: '8', x: 'true' } }] });
  });
});
