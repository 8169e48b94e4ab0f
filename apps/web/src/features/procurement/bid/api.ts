import { PROCUREMENT_BID_API as API, type AwardLetterDto, type AwardLetterKind, type PageResult } from '@aps/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http.ts';
import { procurementKeys } from '../plan/api.ts';

/** Who reads a letter: staff through the data-scoped routes, a supplier through its own (never another's). */
export type LetterReader = 'staff' | 'supplier';

export const awardLetterApi = {
  list: (q: { packageId?: string; type?: AwardLetterKind; pageNo: number; pageSize: number }, signal?: AbortSignal) =>
    http.get<PageResult<AwardLetterDto>>(API.awardLetterList, { ...q }, signal),
  byId: (reader: LetterReader, id: string, signal?: AbortSignal) =>
    http.get<AwardLetterDto>(reader === 'staff' ? API.awardLetterQueryById : API.awardLetterMyById, { id }, signal),
};

export const letterKeys = {
  letter: (reader: LetterReader, id: string) => [...procurementKeys.all, 'awardLetter', reader, id] as const,
  ofPackage: (packageId: string) => [...procurementKeys.bids(packageId), 'letters'] as const,
};

export const useAwardLetter = (reader: LetterReader, id: string | null) =>
  useQuery({
    queryKey: letterKeys.letter(reader, id ?? ''),
    queryFn: ({ signal }) => awardLetterApi.byId(reader, id ?? '', signal),
    enabled: !!id,
  });

/** Every letter of one package (at most one per bidder, so one page of 100 holds them). */
export const usePackageLetters = (packageId: string) =>
  useQuery({
    queryKey: letterKeys.ofPackage(packageId),
    queryFn: ({ signal }) => awardLetterApi.list({ packageId, pageNo: 1, pageSize: 100 }, signal),
  });
