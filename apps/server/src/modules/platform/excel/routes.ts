import { LOGIN } from '@aps/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../core/envelope.ts';
import type { Services } from '../../../services.ts';
import { sessionOf } from '../auth/guard.ts';
import { IMPORT_ERROR_PATH } from './service.ts';
import { attachment, XLSX_MIME } from './workbook.ts';

/** Downloads of Excel import error reports, shared by every module that imports (§4, §8). */
export const excelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    IMPORT_ERROR_PATH,
    {
      config: { access: LOGIN },
      schema: {
        tags: ['通用'],
        summary: '下载导入错误明细',
        querystring: z.object({ name: z.string().uuid('错误文件不存在'), _t: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const s = sessionOf(request);
      const file = await services.importErrors.read(s.tenantId, s.userId, request.query.name);
      if (!file) throw notFound('错误文件不存在或已过期');
      return reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', attachment(file.fileName, 'import-errors.xlsx'))
        .header('Cache-Control', 'no-store')
        .send(file.content);
    },
  );
};
