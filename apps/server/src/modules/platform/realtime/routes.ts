import crypto from 'node:crypto';
import {
  GRID_TYPE,
  gridClientMessageSchema,
  gridSocketParamsSchema,
  LOGIN,
  NOTICE_CMD,
  NOTICE_HEARTBEAT_REPLY,
  noticeSocketParamsSchema,
  REALTIME_PATHS,
} from '@aps/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';

/** A user opens only their own channels: the path's user id must be the session's (the token proves the session). */
async function ownChannel(request: FastifyRequest<{ Params: { userId: string } }>) {
  if (request.params.userId !== sessionOf(request).userId) throw new ApiError(401, '无权订阅其他用户的消息通道');
}

const HEARTCHECK = JSON.stringify({ cmd: NOTICE_CMD.heartcheck, msgTxt: NOTICE_HEARTBEAT_REPLY });

/**
 * §4 push channels. The browser cannot set headers on a WebSocket, so the token travels as the
 * Sec-WebSocket-Protocol value (as JeecgBoot does); the access guard reads it there (auth/guard.ts readToken).
 */
export const realtimeRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { realtime } = services;

  app.get<{ Params: { userId: string } }>(
    `${REALTIME_PATHS.notice}/:userId`,
    {
      websocket: true,
      config: { access: LOGIN, audit: false },
      schema: { tags: ['消息推送'], summary: '消息通知通道（WebSocket）', params: noticeSocketParamsSchema },
      preHandler: ownChannel,
    },
    (socket, request) => {
      const session = sessionOf(request);
      const remove = realtime.hub.addNotice(session.userId, session.sessionId, socket);
      socket.on('message', () => {
        // Whatever the client sends is its heartbeat (§4: HeartBeat every 20 s); the answer keeps the line warm.
        if (socket.readyState === socket.OPEN) socket.send(HEARTCHECK);
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
  );

  app.get<{ Params: { userId: string; pageId: string } }>(
    `${REALTIME_PATHS.grid}/:userId/:pageId`,
    {
      websocket: true,
      config: { access: LOGIN, audit: false },
      schema: { tags: ['消息推送'], summary: '表格行推送通道（WebSocket）', params: gridSocketParamsSchema },
      preHandler: ownChannel,
    },
    (socket, request) => {
      const session = sessionOf(request);
      const { pageId } = request.params;
      const id = crypto.randomUUID();
      const remove = realtime.hub.addGrid(session.tenantId, pageId, id, socket);
      socket.on('message', (raw: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          return; // §8: socket parse failures are ignored.
        }
        const message = gridClientMessageSchema.safeParse(parsed);
        if (!message.success) return;
        if (message.data.type === GRID_TYPE.heartBeat) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message.data));
          return;
        }
        // common_send_date and update_vxe_table go to the page's other sockets, on every instance.
        void realtime.bus.publish({
          to: 'page',
          tenantId: session.tenantId,
          pageId,
          message: message.data,
          exceptSocket: id,
        });
      });
      socket.on('close', remove);
      socket.on('error', remove);
    },
  );
};
