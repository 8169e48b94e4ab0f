import { HEADERS, LOW_APP_MESSAGES, lowAppIdSchema } from '@aps/shared';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** §6: the low-code app of the page that sent this request (`X-Low-App-ID`), or null. */
    lowAppId: string | null;
  }
}

/**
 * §6 "low-app pages send an app id header": `X-Low-App-ID` is optional; when sent it must be a short id (letters,
 * digits, `_`, `-`, at most 32) or the request is refused with 400 应用ID格式不正确 before anything else runs. A
 * valid one is on the request (`request.lowAppId`) and on every line of its log (`lowAppId`).
 */
export function installLowAppHeader(app: FastifyInstance): void {
  app.decorateRequest('lowAppId', null);
  // Callback style, not async: every request passes here, and a promise per request is measurable (issue 11 §2).
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.headers[HEADERS.lowApp];
    if (raw === undefined) return done();
    const parsed = lowAppIdSchema.safeParse(raw);
    if (!parsed.success) {
      reply.status(400).send(fail(400, LOW_APP_MESSAGES.invalid));
      return;
    }
    request.lowAppId = parsed.data;
    request.log = request.log.child({ lowAppId: parsed.data });
    done();
  });
}
