import type { QaPublicDto } from '@aps/shared';

export interface Segment {
  text: string;
  match: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits `text` into runs that do and do not match `query` (case-insensitive, literal). */
export function splitMatches(text: string, query: string): Segment[] {
  const q = query.trim();
  if (!q) return [{ text, match: false }];
  const parts = text.split(new RegExp(`(${escapeRegExp(q)})`, 'gi'));
  return parts.filter((p) => p !== '').map((p) => ({ text: p, match: p.toLowerCase() === q.toLowerCase() }));
}

/** §2: the loaded entries whose question or answer contains the query, sorted by displayOrder ascending. */
export function filterEntries<T extends Pick<QaPublicDto, 'questionContent' | 'answerContent' | 'displayOrder'>>(
  entries: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  const hits = q
    ? entries.filter((e) => e.questionContent.toLowerCase().includes(q) || e.answerContent.toLowerCase().includes(q))
    : [...entries];
  // Stable: entries with the same displayOrder keep the server's order.
  return hits.sort((a, b) => a.displayOrder - b.displayOrder);
}
