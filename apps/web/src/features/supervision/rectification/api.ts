import type { RectificationAddInput, RectificationAnswerInput, RectificationDto } from '@aps/shared';
import { RECTIFICATION_API } from '@aps/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';

export const rectificationKeys = {
  all: ['supervision', 'rectification'] as const,
  mine: ['supervision', 'rectification', 'mine'] as const,
  detail: (id: string, supplier: boolean) => ['supervision', 'rectification', 'detail', id, supplier] as const,
};

export const addRectification = (body: RectificationAddInput) =>
  http.post<RectificationDto>(RECTIFICATION_API.add, body);
export const answerRectification = (body: RectificationAnswerInput, supplier: boolean) =>
  http.post(supplier ? RECTIFICATION_API.supplierAnswer : RECTIFICATION_API.answer, body);
export const reviewRectification = (id: string, comment?: string) =>
  http.post<RectificationDto>(RECTIFICATION_API.review, { id, comment: comment ?? null });
export const returnRectification = (id: string, reason: string) =>
  http.post(RECTIFICATION_API.giveBack, { id, reason });

export function useRectification(id: string | null, supplier: boolean) {
  return useQuery({
    queryKey: rectificationKeys.detail(id ?? '', supplier),
    queryFn: ({ signal }) =>
      http.get<RectificationDto>(
        supplier ? RECTIFICATION_API.supplierQueryById : RECTIFICATION_API.queryById,
        { id },
        signal,
      ),
    enabled: !!id,
  });
}
