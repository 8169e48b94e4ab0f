import { hasIllegalText, PRIMITIVE_MESSAGES } from '@aps/shared';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

/** %00 in any spelling, or UTF-8 a lone surrogate would need (CESU-8 bytes ED A0..BF xx). */
const ILLEGAL_IN_URL = /%00|%ed%[ab][0-9a-f]/i;

function illegalValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasIllegalText(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => illegalValue(item, depth + 1));
  return Object.entries(value).some(([key, item]) => hasIllegalText(key) || illegalValue(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL and UTF-8 cannot encode a lone surrogate: either, anywhere in a URL or a JSON
 * body, used to reach the database and come back as a 500. Every route refuses them with a 400 before any schema
 * runs, so a loose schema cannot let one through (the shared `safeText` primitive refuses them too). It runs after
 * the access guard (onRequest), like every other check of what a caller sent.
 */
export function installInputHygiene(app: FastifyInstance): void {
  // Callback style, not async: every request passes here (issue 11 §2).
  app.addHook('preValidation', (request, reply, done) => {
    const illegalUrl = ILLEGAL_IN_URL.test(request.url) || hasIllegalText(request.url);
    if (illegalUrl || illegalValue(request.body) || illegalValue(request.params)) {
      reply.status(400).send(fail(400, PRIMITIVE_MESSAGES.illegalCharacter));
      return;
    }
    done();
  });
}
