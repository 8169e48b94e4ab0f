import fc from 'fast-check';

/** A JSON Schema node as z.toJSONSchema writes it (only the keywords the generator reads). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
}

/**
 * What an attacker or a broken client sends instead of a well-formed value: NUL bytes, lone surrogates, huge and
 * negative numbers, numbers that are not numbers, dates that match the pattern but do not exist, 10 k characters.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  'x'.repeat(10_000),
  '',
  ' ',
  '0000-00-00',
  '2026-13-45',
  '2026-02-30',
  '2026-02-30 25:61:61',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '99999999999999999999',
  '2147483648',
  -1,
  0,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  3.5,
  true,
  null,
  [],
  {},
  ['a\u0000', '\ud800'],
  { $ne: 1 },
  "' OR 1=1 --",
  '((((a+)+)+)+$',
  '../../etc/passwd',
);

function plainValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => valueFor(s, depth)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return objectFor(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      if (schema.format === 'date') return fc.constantFrom('2026-01-31', '2026-02-30', '1999-12-31');
      if (schema.format === 'date-time') return fc.constantFrom('2026-01-31T08:00:00Z', '2026-02-30T00:00:00Z');
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', 'admin', '1,2,3', '2026-01-01'));
  }
}

/** Mostly well-typed values for the field, one in four hostile. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return hostileValue;
  return fc.oneof({ weight: 3, arbitrary: plainValue(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

/** An object with any subset of the schema's properties, plus now and then a field it does not know. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) shape[key] = valueFor(property, depth);
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.constantFrom('extra', 'id', '__proto__', 'a\u0000'), hostileValue), {
        nil: undefined,
      }),
    )
    .map(([known, extra]) => ({ ...(extra ?? {}), ...known }));
}

/** A query string value: what a client can put in a URL (strings, or JSON for nested values). */
export function toQueryValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
