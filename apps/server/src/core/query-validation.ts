import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { setBounded } from './bounded-map.ts';

/** How many distinct query strings each route remembers the validated form of. */
export const QUERIES_KEPT_PER_ROUTE = 500;

/** What the zod validator gives: the parsed value, or the error Fastify turns into our 400. */
type ValidationResult = { value?: unknown; error?: Error | FastifySchemaValidationError[] };

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

/**
 * The zod validator of every route, with one addition for query strings: a query a route has validated before
 * (same names, same values, same order) is answered from memory. A list page is asked for again and again with the
 * same query; parsing it with zod was the largest piece of our own work left per cached page (issue 11 §2). The
 * schemas are pure (no clock, no state), so the same input always gives the same output. What is remembered is
 * frozen and each request gets its own top-level copy: a handler that changes its query changes only its own.
 * Refused queries are not remembered; they take the ordinary path and its Chinese messages. `_t` is not part of the
 * key: each request gets back its own.
 */
export const memoisingValidatorCompiler: typeof validatorCompiler = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => ValidationResult;
  if (route.httpPart !== 'querystring') return validate;
  // The remembered value without `_t`, and whether the schema gives `_t` back as sent (or drops it).
  const kept = new Map<string, { value: object; keepsStamp: boolean }>();
  return (data: unknown): ValidationResult => {
    if (data === null || typeof data !== 'object') return validate(data);
    // §7: every GET of the web client carries its own `_t` (a cache buster): it is left out of the key, or no
    // query from a browser would ever be seen twice. Any other shape of `_t` takes the ordinary path.
    const { _t, ...rest } = data as Record<string, unknown>;
    if (_t !== undefined && typeof _t !== 'string') return validate(data);
    const key = `${_t === undefined ? '' : 't'}${JSON.stringify(rest)}`;
    const known = kept.get(key);
    if (known !== undefined) return { value: known.keepsStamp ? { ...known.value, _t } : { ...known.value } };
    const result = validate(data);
    if (result.error || result.value === null || typeof result.value !== 'object') return result;
    const { _t: stamp, ...value } = result.value as Record<string, unknown>;
    // A schema that changes `_t` is not remembered (none does).
    if (stamp !== undefined && stamp !== _t) return result;
    const keepsStamp = stamp !== undefined;
    deepFreeze(value);
    setBounded(kept, key, { value, keepsStamp }, QUERIES_KEPT_PER_ROUTE);
    return { value: keepsStamp ? { ...value, _t } : { ...value } };
  };
};
