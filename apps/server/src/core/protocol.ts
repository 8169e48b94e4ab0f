import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES } from '@aps/shared';
import type { FastifyError, FastifyHttpOptions, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { fail } from './envelope.ts';

/**
 * HTTP-level answers in our envelope (issue 12 §8): a request that never finishes arriving, oversized headers, a
 * garbled request line, an over-long path parameter. Node and Fastify answer these before any route runs, in
 * their own JSON; a client of ours reads `{ success, message, code }` everywhere.
 */
export function protocolOptions(requestTimeoutMs: number): Partial<FastifyHttpOptions<Server>> {
  return {
    // The whole request (headers and body) must arrive within this; a stalled upload ends with 408.
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, 60_000),
      // How often Node looks for requests past their time-out (its default, 30 s, would let one overstay by that).
      connectionsCheckingInterval: Math.min(5_000, requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
}

function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, reason, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', MESSAGES.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge]
        : [400, 'Bad Request', MESSAGES.badRequest];
  const body = JSON.stringify(fail(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  reply.status(status).send(fail(status, status === 414 ? MESSAGES.urlTooLong : MESSAGES.badRequest));
}

/**
 * The methods a path answers to, for 405 + Allow on a path that exists under another method (a 404 would say the
 * resource does not exist). Compiled on first use from the registered routes.
 */
export function allowedMethodsOf(routes: readonly RouteOptions[]): (method: string, url: string) => string[] {
  let router: ReturnType<typeof FindMyWay> | undefined;
  let methods: HTTPMethod[] = [];
  return (method, url) => {
    if (!router) {
      const compiled = FindMyWay({ ignoreTrailingSlash: true });
      const seen = new Set<HTTPMethod>();
      for (const route of routes) {
        for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
          try {
            compiled.on(m as HTTPMethod, route.url, () => {});
            seen.add(m as HTTPMethod);
          } catch {
            // The same method and path twice (a constraint variant): once is enough to know it exists.
          }
        }
      }
      router = compiled;
      methods = [...seen];
    }
    const path = url.split('?')[0] ?? '';
    const found = router;
    return methods.filter((m) => m !== method && found.find(m, path) !== null);
  };
}
