import { HEADERS, LOGIN, MESSAGES, PUBLIC } from '@aps/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/envelope.ts';
import type { PermissionService } from '../permission/service.ts';
import type { SessionContext, SessionStore } from './session.ts';

/** Sent by the client's background polls (see the web client's RequestOptions.background). */
export const BACKGROUND_HEADER = 'x-background-request';

/** A WebSocket handshake: the browser cannot set headers on it, so the token is its Sec-WebSocket-Protocol. */
export function isWebSocketUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket';
}

export function readToken(request: FastifyRequest): string | undefined {
  if (isWebSocketUpgrade(request)) {
    const offered = request.headers['sec-websocket-protocol'];
    const first = typeof offered === 'string' ? offered.split(',')[0]?.trim() : undefined;
    if (first) return first;
  }
  const value = request.headers[HEADERS.token];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Picks the tenant from the tenant-id header; a user may only work in tenants they belong to. */
export function selectTenant(header: unknown, tenantIds: number[], fallback: number): number {
  if (header === undefined || header === '' || header === null) return fallback;
  const id = Number(header);
  if (!Number.isInteger(id) || !tenantIds.includes(id)) throw new ApiError(403, MESSAGES.tenantDenied);
  return id;
}

/**
 * Enforces each route's declared access as soon as the request arrives: PUBLIC passes, LOGIN needs a live
 * session, anything else is a permission code the user must hold in the selected tenant. It runs before the body
 * is read and validated (issue 12 §6): a caller without the right learns nothing about what a route accepts.
 */
export function installAccessGuard(
  app: FastifyInstance,
  { sessions, permissions }: { sessions: SessionStore; permissions: PermissionService },
): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Unknown URLs answer 404 to everyone; asking for a token first would hide that they do not exist.
    if (access === PUBLIC || request.is404) return;
    const resolved = await sessions.resolve(readToken(request), {
      // Neither a background poll nor a push channel is the user's activity.
      touch: request.headers[BACKGROUND_HEADER] !== '1' && !isWebSocketUpgrade(request),
    });
    const tenantId = selectTenant(request.headers[HEADERS.tenant], resolved.tenantIds, resolved.sessionTenantId);
    const { sessionTenantId: _, ...rest } = resolved;
    const session: SessionContext = { ...rest, tenantId };
    request.session = session;
    if (access === LOGIN || access === undefined) return;
    const codes = await permissions.codes(session.userId, tenantId);
    if (!codes.has(access)) throw new ApiError(403, MESSAGES.forbidden);
  });
}

/** The session of a route declared LOGIN or with a code; the guard guarantees it is there. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new ApiError(401, MESSAGES.tokenMissing);
  return request.session;
}
