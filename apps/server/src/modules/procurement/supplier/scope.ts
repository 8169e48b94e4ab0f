/**
 * Which packages a category-scoped blacklisting covers. A package carries the purchase category dictionary code
 * (采购类别 '1' 劳务, '2' 物资/资产, '3' 材料); a supplier and its blacklisting carry sys_category codes (A01… of
 * the category tree). The dictionary code maps to the roots of the tree of the same name; a blacklisting covers a
 * package when one of its categories lies under one of those roots (the package does not say which leaf it buys,
 * so any listed leaf under the root bars it). A sys_category code given directly (the contract's category) is
 * covered when it and a listed code are on one branch (one is a prefix of the other).
 */
export const PURCHASE_CATEGORY_ROOTS: Record<string, readonly string[]> = {
  '1': ['A01'],
  '2': ['A02', 'A03'],
  '3': ['A04'],
};

export interface BlacklistScopeRef {
  scope: string;
  categories: readonly string[];
}

export function blacklistCovers(row: BlacklistScopeRef, categoryCode: string | null | undefined): boolean {
  if (row.scope === 'tenant') return true;
  if (!categoryCode) return true; // no category known: the safe side is to bar
  const roots = PURCHASE_CATEGORY_ROOTS[categoryCode] ?? [categoryCode];
  return row.categories.some((c) => roots.some((r) => c.startsWith(r) || r.startsWith(c)));
}
