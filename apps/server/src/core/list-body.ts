import type { FastifyReply } from 'fastify';
import { ok } from './envelope.ts';
import { cachedOrLoad } from './list-cache.ts';

/** What a `_dictText` companion is read from: a dictionary edit changes the text of every cached page. */
export const DICT_TABLES = ['sys_dict', 'sys_dict_item'] as const;

/** `{"success":true,"message":"操作成功！","code":200,"result":` exactly as `ok()` serialises. */
const OK_HEAD = (() => {
  const text = JSON.stringify(ok(0));
  return Buffer.from(text.slice(0, text.indexOf('"result":') + '"result":'.length));
})();

/** The success envelope around a result already serialised: the bytes JSON.stringify(ok(result)) would give. */
export function okBody(result: Buffer, timestamp = Date.now()): Buffer {
  return Buffer.concat([OK_HEAD, result, Buffer.from(`,"timestamp":${timestamp}}`)]);
}

/**
 * Answers a list page from its serialised bytes, kept by the list cache under `key` while none of `tables` changed
 * (issue 11 §2). The total and the rows are cached already (core/paging.ts); at 6,000 pages a second what remained
 * was turning the same page into JSON and UTF-8 again, and adding the `_dictText` companions. The key must hold
 * everything the page depends on (tenant, data scope, data rules, the parsed query); `tables` everything it reads,
 * DICT_TABLES included when it carries `_dictText`.
 */
/** The last answer made around each cached page, and the millisecond it is stamped with. */
const lastAnswer = new WeakMap<Buffer, { at: number; body: Buffer }>();

/**
 * The answer around a cached page at `now`: the same bytes as okBody(result, now), and the very same buffer again
 * for every call within that millisecond (at thousands of pages a second, most calls copy nothing).
 */
export function answerOf(result: Buffer, now = Date.now()): Buffer {
  const last = lastAnswer.get(result);
  if (last?.at === now) return last.body;
  const body = okBody(result, now);
  lastAnswer.set(result, { at: now, body });
  return body;
}

export async function sendCachedPage(
  reply: FastifyReply,
  key: string,
  tables: readonly string[],
  build: () => Promise<unknown>,
): Promise<FastifyReply> {
  const result = await cachedOrLoad(`body\u0000${key}`, tables, async () => Buffer.from(JSON.stringify(await build())));
  return reply.type('application/json; charset=utf-8').send(answerOf(result));
}
