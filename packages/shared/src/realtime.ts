import { z } from 'zod';
import { GRID_TYPE } from './realtime.constants.ts';

const id = z.string().trim().min(1, '用户ID不能为空').max(64, '用户ID过长');

export const noticeSocketParamsSchema = z.object({ userId: id });

export const gridSocketParamsSchema = z.object({
  userId: id,
  pageId: z
    .string()
    .trim()
    .min(1, '页面ID不能为空')
    .max(100, '页面ID过长')
    .regex(/^[\w.:-]+$/, '页面ID只能包含字母、数字、下划线、点、冒号和短横线'),
});

/** A message a grid socket sends: type plus data; update_vxe_table carries socketKey and args (the row first). */
export const gridClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(GRID_TYPE.heartBeat), data: z.unknown().optional() }),
  z.object({
    type: z.literal(GRID_TYPE.commonSendDate),
    data: z.object({ key: z.string().max(200), args: z.array(z.unknown()).max(50) }),
  }),
  z.object({
    type: z.literal(GRID_TYPE.updateVxeTable),
    data: z.object({ socketKey: z.string().min(1).max(100), args: z.array(z.unknown()).min(1).max(50) }),
  }),
]);
export type GridClientMessage = z.infer<typeof gridClientMessageSchema>;
