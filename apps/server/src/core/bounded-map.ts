/**
 * Sets `key` in a map used as a bounded memo: the entry becomes the newest, and past `max` entries the oldest one
 * goes (a Map iterates in insertion order).
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
