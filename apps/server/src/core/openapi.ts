import { MESSAGES, PUBLIC, type RouteAccess } from '@aps/shared';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The shape of `result` in a successful answer, for the OpenAPI document only (answers are not re-validated
     * on the way out). Paged lists need not declare it: a querystring with pageNo documents a page of records.
     */
    result?: z.ZodType;
  }
}

/** A page of a server-paged list (`PageResult` in @aps/shared). */
const pageResult = z.object({
  records: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
  /** true when total is the planner's estimate (the list fast path, past its threshold). */
  totalEstimated: z.boolean().optional(),
});

/** The envelope every /aps answer has, success or not (`ApiEnvelope` in @aps/shared). */
export function envelopeSchema(result: z.ZodType) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int(),
    result,
    timestamp: z.number().int(),
  });
}

const failure = (description: string) => envelopeSchema(z.null()).describe(description);

function hasPaging(querystring: unknown): boolean {
  return querystring instanceof z.ZodObject && 'pageNo' in querystring.shape;
}

/**
 * The statuses a route can answer, from what it declares: validation (400) only when it takes input, 401 unless
 * public, 403 when a permission code guards it, 429 where a rate limit applies, and 500 for the unexpected.
 */
function documentedResponses(schema: Record<string, unknown>, config: Record<string, unknown>) {
  const access = config.access as RouteAccess | undefined;
  const declared = config.result as z.ZodType | undefined;
  const result = declared ?? (hasPaging(schema.querystring) ? pageResult : z.unknown());
  const responses: Record<string, z.ZodType> = {
    200: envelopeSchema(result).describe('成功：success 为 true，result 为结果'),
  };
  if (schema.body || schema.querystring || schema.params)
    responses[400] = failure(`请求参数有误（${MESSAGES.badRequest}）`);
  if (access !== PUBLIC) responses[401] = failure(MESSAGES.tokenMissing);
  if (access && access !== PUBLIC && access !== 'login') responses[403] = failure(MESSAGES.forbidden);
  if (config.rateLimit !== undefined) responses[429] = failure(MESSAGES.tooManyRequests);
  responses[500] = failure(MESSAGES.serverError);
  return responses;
}

/**
 * The swagger transform: zod → JSON Schema as before, plus the envelope, the result shape and the error statuses
 * of every operation, so that clients and schema-driven tools can check answers. Only the document changes; the
 * route's own schema (and so its serialization) is left alone.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const { schema, route } = document;
  if (!schema || (schema as { hide?: boolean }).hide || schema.response) return jsonSchemaTransform(document);
  const config = (route.config ?? {}) as Record<string, unknown>;
  const withResponses = { ...schema, response: documentedResponses(schema as Record<string, unknown>, config) };
  return jsonSchemaTransform({ ...document, schema: withResponses });
};
