import { z } from 'zod';
import { POSITION_CODE_PATTERN, POSITION_MESSAGES } from './position.constants.ts';
import { pageQuerySchema } from './query.ts';
import { maxLengthMessage } from './rules.ts';
import { containsTextSchema, uuidSchema } from './user.ts';

export { POSITION_CODE_PATTERN, POSITION_MESSAGES, POSITION_RANKS } from './position.constants.ts';

export const POSITION_SORTABLE_COLUMNS = ['createTime', 'code', 'name', 'postRank'] as const;

const positionFields = {
  code: z
    .string({ error: POSITION_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: POSITION_MESSAGES.codeRequired, abort: true })
    .max(64, maxLengthMessage(64))
    .regex(POSITION_CODE_PATTERN, POSITION_MESSAGES.codePattern),
  name: z
    .string({ error: POSITION_MESSAGES.nameRequired })
    .trim()
    .min(1, POSITION_MESSAGES.nameRequired)
    .max(100, maxLengthMessage(100)),
  postRank: z.enum(['1', '2', '3', '4', '5'], { error: POSITION_MESSAGES.rankRequired }),
};
export const positionAddSchema = z.object(positionFields);
export type PositionAddRequest = z.infer<typeof positionAddSchema>;
export const positionEditSchema = z.object({ id: uuidSchema, ...positionFields });
export type PositionEditRequest = z.infer<typeof positionEditSchema>;

export const positionListQuerySchema = pageQuerySchema.extend({
  column: z.enum(POSITION_SORTABLE_COLUMNS, { error: '不支持按该字段排序' }).optional(),
  code: containsTextSchema,
  name: containsTextSchema,
  postRank: z.enum(['1', '2', '3', '4', '5']).optional(),
});
export type PositionListQuery = z.infer<typeof positionListQuerySchema>;

export interface PositionDto {
  id: string;
  code: string;
  name: string;
  postRank: string;
  createBy: string | null;
  createTime: string;
  updateTime: string | null;
}
