import { ENHANCE_HISTORY_LIMIT } from '@aps/shared/constants';
import { create } from 'zustand';
import { STORAGE_KEYS, storage } from '../storage.ts';

/** One saved enhance script: its text and when it was saved (epoch ms). */
export interface EnhanceEntry {
  text: string;
  savedAt: number;
}

export type EnhanceHistory = Record<string, EnhanceEntry[]>;

/**
 * The list after a save: the new entry first, the oldest dropped past `limit` (§9: 16 per code). Saving the same
 * text as the newest entry again records nothing (a second 保存 without an edit is no new version).
 */
export function addEnhanceEntry(
  list: readonly EnhanceEntry[],
  text: string,
  savedAt: number,
  limit = ENHANCE_HISTORY_LIMIT,
): EnhanceEntry[] {
  if (list[0]?.text === text) return [...list];
  return [{ text, savedAt }, ...list].slice(0, limit);
}

/** What was stored, kept only if it has the right shape (another client or an older build may have written it). */
function load(): EnhanceHistory {
  const raw = storage.get<unknown>(STORAGE_KEYS.enhanceHistory);
  if (!raw || typeof raw !== 'object') return {};
  const out: EnhanceHistory = {};
  for (const [code, list] of Object.entries(raw as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    const entries = list.filter(
      (e): e is EnhanceEntry => typeof e?.text === 'string' && typeof e?.savedAt === 'number',
    );
    if (entries.length) out[code] = entries.slice(0, ENHANCE_HISTORY_LIMIT);
  }
  return out;
}

interface EnhanceHistoryState {
  byCode: EnhanceHistory;
  /** Records a save of `text` for `code` (trimmed code; an empty code or text records nothing). */
  record: (code: string, text: string, now?: number) => void;
  clear: (code: string) => void;
}

/**
 * The enhance record list (§4 "keeps last 16 entries per code"), in this browser's localStorage
 * (pro__ENHANCE_JS_HISTORY), as JeecgBoot keeps its JS-enhance history locally.
 */
export const useEnhanceHistory = create<EnhanceHistoryState>((set, get) => ({
  byCode: load(),
  record: (code, text, now = Date.now()) => {
    const key = code.trim();
    if (!key || !text.trim()) return;
    const byCode = { ...get().byCode, [key]: addEnhanceEntry(get().byCode[key] ?? [], text, now) };
    storage.set(STORAGE_KEYS.enhanceHistory, byCode);
    set({ byCode });
  },
  clear: (code) => {
    const { [code.trim()]: _gone, ...byCode } = get().byCode;
    storage.set(STORAGE_KEYS.enhanceHistory, byCode);
    set({ byCode });
  },
}));
