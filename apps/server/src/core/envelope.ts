import type { ApiEnvelope } from '@aps/shared';

export function ok<T>(result: T, message = '操作成功！'): ApiEnvelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(code: number, message: string, result: unknown = null): ApiEnvelope<unknown> {
  return { success: false, message, code, result, timestamp: Date.now() };
}

/** An expected failure with a user-facing Chinese message; `status` is also the envelope code. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = '很抱歉，资源未找到!') => new ApiError(404, message);
export const forbidden = (message = '拒绝访问') => new ApiError(403, message);
