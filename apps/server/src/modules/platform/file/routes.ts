import { LOGIN, UPLOAD_API, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@aps/shared';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, ok } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import { attachment } from '../excel/workbook.ts';
import type { FileActor, IncomingFile } from './service.ts';

const TAG = '文件';

const actorOf = (request: FastifyRequest): FileActor => {
  const s = sessionOf(request);
  return { tenantId: s.tenantId, userId: s.userId };
};

/** Types a browser shows in place (preview); everything else is offered as a download. */
const INLINE_TYPES = /^(?:image\/(?:png|jpeg|gif|webp|bmp)|application\/pdf|text\/plain\b)/;

/** `inline` or `attachment`, with the original name (UTF-8) and an ASCII fallback. */
function disposition(mime: string, fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_') || 'file';
  const value = attachment(fileName, ascii);
  return INLINE_TYPES.test(mime) ? value.replace(/^attachment/, 'inline') : value;
}

/**
 * Uploads and files (§7 upload, static file URLs): POST /sys/common/upload stores one file of the signed-in user's
 * tenant; GET /sys/common/static/<path> serves it back inside that tenant only.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const limit = Math.max(services.files.maxBytes, UPLOAD_LIMITS.imageMaxBytes);
  // Scoped to this plugin. The size limit cuts a part short (not an error): the service then says which limit.
  await app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: limit, files: 1, fields: 10 } });

  app.post(
    UPLOAD_API.upload,
    {
      config: { access: LOGIN, audit: '上传文件' },
      schema: {
        tags: [TAG],
        summary: '上传文件（multipart：file，可选 biz）',
        description:
          '按内容判断类型：可执行文件与网页/脚本一律拒绝，图片不超过 10485760 字节。成功时 message 为文件路径，result 为文件信息。',
      },
    },
    async (request) => {
      const file = await readUpload(request);
      const saved = await services.files.upload(actorOf(request), file);
      // §7: the client reads the path from `message`.
      return ok(saved, saved.filePath);
    },
  );

  app.get(
    `${UPLOAD_API.static}/*`,
    {
      config: { access: LOGIN },
      schema: {
        tags: [TAG],
        summary: '读取已上传的文件（本租户）',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ _t: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const file = await services.files.open(actorOf(request), request.params['*']);
      reply
        .header('Content-Type', file.mime)
        .header('Content-Disposition', disposition(file.mime, file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        // Even if a browser were talked into rendering it, nothing in it may run or reach our origin.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'private, max-age=3600');
      if (file.object.size !== undefined) reply.header('Content-Length', file.object.size);
      return reply.send(file.object.body);
    },
  );
};

/** The one file part (field `file`) and the `biz` field, in whichever order the form sent them. */
export async function readUpload(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  let file: Omit<IncomingFile, 'biz'> | null = null;
  let biz: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'biz' && typeof part.value === 'string') biz = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (!file && part.filename) {
        file = { fileName: part.filename, content: Buffer.concat(chunks), truncated: part.file.truncated };
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(UPLOAD_MESSAGES.oneFileOnly);
    throw err;
  }
  if (!file) throw badRequest(UPLOAD_MESSAGES.noFile);
  return { ...file, biz };
}
