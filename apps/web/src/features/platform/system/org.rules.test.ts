import type { GatewayDefinition } from '@aps/shared';
import { GATEWAY_PREDICATES, parseGatewayDefinitions } from '@aps/shared/constants';
import { describe, expect, it } from 'vitest';
import { definitionsText, GATEWAY_STATUS, shortcutOf, TENANT_STATUS, toStatus } from './org.rules.ts';

describe('status options', () => {
  it('show the shared labels, enabled first', () => {
    expect(TENANT_STATUS.map(({ value, label }) => [value, label])).toEqual([
      [1, '正常'],
      [0, '冻结'],
    ]);
    expect(GATEWAY_STATUS.map(({ value, label }) => [value, label])).toEqual([
      [1, '启用'],
      [0, '停用'],
    ]);
  });

  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [-1, 1],
  ])('toStatus(%i) = %i', (n, expected) => {
    expect(toStatus(n)).toBe(expected);
  });
});

describe('definitions as form text', () => {
  it('round-trips through the shared parser', () => {
    const list: GatewayDefinition[] = [
      { name: 'Path', args: { _genkey_0: '/aps/sys/**' } },
      { name: 'Method', args: { _genkey_0: 'GET', _genkey_1: 'POST' } },
    ];
    const text = definitionsText(list);
    expect(text).toBe(
      '[\n  {"name":"Path","args":{"_genkey_0":"/aps/sys/**"}},\n  {"name":"Method","args":{"_genkey_0":"GET","_genkey_1":"POST"}}\n]',
    );
    expect(parseGatewayDefinitions(text, '断言', GATEWAY_PREDICATES, true)).toEqual({ ok: true, value: list });
    expect(definitionsText([])).toBe('');
  });

  it.each([
    [{ name: 'Path', args: { _genkey_0: '/aps/sys/**' } }, 'Path=/aps/sys/**'],
    [{ name: 'Method', args: { _genkey_0: 'GET', _genkey_1: 'POST' } }, 'Method=GET,POST'],
    [{ name: 'PreserveHostHeader', args: {} }, 'PreserveHostHeader'],
  ])('shortcutOf(%j) = %s', (definition, expected) => {
    expect(shortcutOf(definition)).toBe(expected);
  });
});
