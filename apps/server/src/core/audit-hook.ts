import { PUBLIC } from '@aps/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/client.ts';
import { type AuditEntry, type AuditService, LOG_TYPE, redactParams } from '../modules/platform/audit/service.ts';
import { inRequestTransaction } from './request-transaction.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function entryOf(request: FastifyRequest, reply: FastifyReply, label: string | undefined): AuditEntry {
  return {
    logType: LOG_TYPE.operation,
    logContent: label ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
    success: reply.statusCode < 400,
    tenantId: request.session?.tenantId ?? null,
    userId: request.session?.userId ?? null,
    username: request.session?.username ?? null,
    ip: request.ip,
    method: request.method,
    requestUrl: request.url.slice(0, 500),
    requestParam: redactParams(request.body),
    statusCode: reply.statusCode,
    costTime: Math.round(reply.elapsedTime),
  };
}

/**
 * Every write through the API is recorded: who, when, from where, what, and whether it worked. A write that
 * succeeds commits in one transaction with its audit row (issue 12 §8: during a database outage a write either
 * keeps its row or fails); a refused or failed one is recorded afterwards, best effort, since it changed nothing.
 */
export function installAuditHook(
  app: FastifyInstance,
  { db, audit }: { db: Db; audit: Pick<AuditService, 'record' | 'write'> },
): void {
  const recordedInTransaction = new WeakSet<FastifyRequest>();

  /** A refused or failed write, or a public one, is recorded once the answer is out. */
  const recordAfterResponse = (label: string | undefined) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(request.method) || recordedInTransaction.has(request)) return;
    await audit.record(entryOf(request, reply, label));
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const label = route.config?.audit;
    if (label === false || !methods.some((m) => WRITE_METHODS.has(m))) return;
    // Only write routes carry the hook: a read runs no onResponse at all (issue 11 §2, the list fast path).
    const own = route.onResponse;
    route.onResponse = [...(own === undefined ? [] : [own].flat()), recordAfterResponse(label)];
    // Public writes (sign-in, SMS) keep their own logs and throttles; a transaction would hold a connection per try.
    if (route.config?.access === PUBLIC) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function auditedWrite(this: FastifyInstance, request, reply) {
      const session = request.session;
      const actor = session ? { userId: session.userId, username: session.username, requestId: request.id } : null;
      const result = await inRequestTransaction(
        db,
        async () => {
          const value = await handler.call(this, request, reply);
          await audit.write(entryOf(request, reply, label));
          return value;
        },
        actor,
      );
      recordedInTransaction.add(request);
      return result;
    };
  });
}
