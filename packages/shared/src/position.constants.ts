/**
 * The zod-free half of position (职务) administration: the messages, code pattern and rank labels the schemas in
 * `position.ts` use and the web's form reuses (exported from `constants.ts`, so the web imports them without zod).
 */
export const POSITION_MESSAGES = {
  codeRequired: '请输入职务编码!',
  codePattern: '职务编码只能由字母、数字、下划线、中划线组成',
  nameRequired: '请输入职务名称!',
  rankRequired: '请选择职级!',
  codeTaken: '职务编码已存在',
  notFound: '职务不存在',
} as const;

/** What a position code may hold (POSITION_MESSAGES.codePattern says it in words). */
export const POSITION_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Post ranks (职级), the value of sys_position.post_rank. */
export const POSITION_RANKS: Record<string, string> = {
  '1': '员级',
  '2': '助级',
  '3': '中级',
  '4': '副高级',
  '5': '正高级',
};
