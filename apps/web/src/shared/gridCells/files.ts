import { splitValue } from '@aps/shared/constants';
import { joinPaths, keepLastN, nameOfPath } from '../upload/rules.ts';

/** §9: a cell shows 5 characters of a file name, then an ellipsis. */
export const shortFileName = (name: string) => ([...name].length > 5 ? `${[...name].slice(0, 5).join('')}…` : name);

/**
 * The original names of files uploaded in this session, by stored path: a stored path ends in a generated name,
 * so without this a cell could only show that.
 */
const names = new Map<string, string>();
export const rememberFileName = (path: string, name: string) => names.set(path, name);
export const fileNameOf = (path: string) => names.get(path) ?? nameOfPath(path);

/**
 * A cell's paths after new uploads: added to the current ones (several allowed), keeping the last `max` (§5), or
 * replacing them (one file).
 */
export function mergePaths(current: string, added: readonly string[], multiple: boolean, max?: number): string {
  if (!multiple) return added.length ? (added[added.length - 1] as string) : current;
  return joinPaths(keepLastN([...splitValue(current), ...added], max));
}
