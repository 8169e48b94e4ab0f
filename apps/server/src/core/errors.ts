import { MESSAGES } from '@aps/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { dataException } from '../modules/platform/permission/pg-errors.ts';
import { ApiError, fail } from './envelope.ts';

const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.badJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求体不能为空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求内容类型'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求体过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求体长度有误'],
  FST_ERR_VALIDATION: [400, MESSAGES.badRequest],
};

/** Turns every failure into the envelope; never leaks a stack trace or SQL to the client. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set(error.validation.map((v) => v.message))];
      return reply.status(400).send(fail(400, messages.join('；') || MESSAGES.badRequest));
    }
    if (error instanceof ApiError) {
      return reply.status(error.status).send(fail(error.status, error.message));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send(fail(known[0], known[1]));
    if (error instanceof SyntaxError) return reply.status(400).send(fail(400, MESSAGES.badJson));
    if (error.statusCode === 429) return reply.status(429).send(fail(429, MESSAGES.tooManyRequests));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(fail(error.statusCode, MESSAGES.badRequest));
    }
    if (dataException(error)) return reply.status(400).send(fail(400, MESSAGES.badRequest));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, MESSAGES.serverError));
  });
}
