import { GRID_ROW_KEY_MAX } from '@aps/shared/constants';

/** §5: a number cell accepts only a signed decimal, empty, or a lone minus while typing. */
const NUMBER_TYPING = /^-?(\d+(\.\d*)?)?$/;

/** Whether `text` may stand in a number cell while typing (otherwise the keystroke is refused). */
export const acceptsNumberInput = (text: string): boolean => NUMBER_TYPING.test(text);

/** On blur a number cell holds a number, or is emptied ('' for a lone minus or nothing). */
export function parseNumberInput(text: string): number | '' {
  if (text === '' || text === '-') return '';
  const n = Number(text);
  return Number.isFinite(n) ? n : '';
}

/** §5 tags cell: typed semicolons are stripped, then one is inserted after every 2 characters. */
export function formatTagsInput(text: string): string {
  const chars = [...text.replace(/[;；]/g, '')];
  let out = '';
  for (const [i, ch] of chars.entries()) {
    out += ch;
    if (i % 2 === 1 && i < chars.length - 1) out += ';';
  }
  return out;
}

/** The tags of a tags cell. */
export const splitTags = (value: unknown): string[] =>
  value == null || value === '' ? [] : String(value).split(';').filter(Boolean);

/** Row keys are capped at 50 characters (§5). */
export const capRowKey = (key: unknown): string => String(key ?? '').slice(0, GRID_ROW_KEY_MAX);

let counter = 0;
/** A new row id: short, unique in the page, within the cap. */
export function newRowId(): string {
  counter += 1;
  return capRowKey(`row_${Date.now().toString(36)}_${counter.toString(36)}`);
}

/** What an edited cell typed while the grid's rows catch up: the value before, every value sent, the last one. */
export interface CellDraft {
  base: unknown;
  sent: unknown[];
  value: unknown;
}

/**
 * Whether the draft is still ahead of the rows: they show the value before the edit or one sent earlier. Once
 * they hold the draft's last value, or a value the cell never sent (a push from outside), the rows win.
 */
export const draftAhead = (draft: CellDraft | null, stored: unknown): draft is CellDraft =>
  draft !== null && stored !== draft.value && (stored === draft.base || draft.sent.includes(stored));
