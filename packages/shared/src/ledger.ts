/**
 * The settlement ledger's arithmetic (issue 16), pure and in decimal (decimal.js, HALF UP, two decimals), shared by
 * the server (the totals kept on the contract row, the over-settlement check) and the web (the same figures).
 * Inputs and outputs are decimal strings ("1234.50"), never binary floats.
 *
 * A contract's figures:
 * - total = amount + changedAmount (changedAmount = the signed sum of approved amount changes);
 * - settled = Σ amount of approved settlements; payable = Σ their net payable (amount − deductions − retention);
 * - paid = Σ payments; retention balance = held − released (released retention becomes payable again);
 * - unpaid = payable + retentionReleased − paid; remaining settleable = total − settled − pending (in approval).
 */
import { Decimal as DecimalBase } from 'decimal.js';

const Dec = /* @__PURE__ */ DecimalBase.clone({ precision: 40, rounding: DecimalBase.ROUND_HALF_UP });
type Dec = InstanceType<typeof Dec>;

export type Money = string;
const d = (v: string | number | null | undefined): Dec => new Dec(v === null || v === undefined || v === '' ? 0 : v);
/** Two decimals, HALF UP, as a plain string ("-0.00" normalised to "0.00"). */
export const money = (v: string | number | Dec): Money => {
  const s = new Dec(v).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
  return s === '-0.00' ? '0.00' : s;
};

/** The totals kept on the contract row (updated in the transaction of each settlement / payment / change). */
export interface ContractTotals {
  amount: Money;
  changedAmount: Money;
  settledAmount: Money;
  payableAmount: Money;
  paidAmount: Money;
  retentionHeld: Money;
  retentionReleased: Money;
}

export interface ContractFigures extends ContractTotals {
  total: Money;
  unpaid: Money;
  retentionBalance: Money;
  /** total − settled (before any settlement in approval). */
  remaining: Money;
}

export function contractFigures(t: ContractTotals): ContractFigures {
  const total = d(t.amount).plus(d(t.changedAmount));
  return {
    amount: money(t.amount),
    changedAmount: money(t.changedAmount),
    settledAmount: money(t.settledAmount),
    payableAmount: money(t.payableAmount),
    paidAmount: money(t.paidAmount),
    retentionHeld: money(t.retentionHeld),
    retentionReleased: money(t.retentionReleased),
    total: money(total),
    unpaid: money(d(t.payableAmount).plus(d(t.retentionReleased)).minus(d(t.paidAmount))),
    retentionBalance: money(d(t.retentionHeld).minus(d(t.retentionReleased))),
    remaining: money(total.minus(d(t.settledAmount))),
  };
}

/** What a new settlement may still claim: total − settled − Σ settlements in approval (never below 0). */
export function settleableBalance(t: ContractTotals, pendingAmount: Money = '0'): Money {
  const rest = d(t.amount).plus(d(t.changedAmount)).minus(d(t.settledAmount)).minus(d(pendingAmount));
  return money(Dec.max(rest, 0));
}

/** Whether `amount` exceeds the settleable balance. */
export const exceedsBalance = (amount: Money, balance: Money): boolean => d(amount).greaterThan(d(balance));

/** A settlement's net payable = amount − deductions − retention; null when deductions + retention exceed it. */
export function netPayable(amount: Money, deductions: Money, retention: Money): Money | null {
  const net = d(amount).minus(d(deductions)).minus(d(retention));
  return net.isNegative() ? null : money(net);
}

/** The retention held on `amount` at `ratePercent` (e.g. "5" = 5 %), rounded to cents. */
export const retentionOf = (amount: Money, ratePercent: Money): Money =>
  money(d(amount).times(d(ratePercent)).div(100));

/** The contract row's totals after a settlement is approved (settled, payable and retention held grow). */
export function applySettlement(
  t: ContractTotals,
  s: { amount: Money; netPayable: Money; retention: Money },
): ContractTotals {
  return {
    ...t,
    settledAmount: money(d(t.settledAmount).plus(d(s.amount))),
    payableAmount: money(d(t.payableAmount).plus(d(s.netPayable))),
    retentionHeld: money(d(t.retentionHeld).plus(d(s.retention))),
  };
}

/** After a payment of `amount`. */
export const applyPayment = (t: ContractTotals, amount: Money): ContractTotals => ({
  ...t,
  paidAmount: money(d(t.paidAmount).plus(d(amount))),
});

/** After an approved amount change from the current total to `newTotal` (changedAmount absorbs the delta). */
export const applyAmountChange = (t: ContractTotals, newTotal: Money): ContractTotals => ({
  ...t,
  changedAmount: money(d(newTotal).minus(d(t.amount))),
});

/** A settlement's unpaid rest and the state a payment of `amount` leads to; null when it overpays. */
export function settlementPayment(
  s: { netPayable: Money; paidAmount: Money },
  amount: Money,
): { paidAmount: Money; unpaid: Money; paidOff: boolean } | null {
  const paid = d(s.paidAmount).plus(d(amount));
  const rest = d(s.netPayable).minus(paid);
  if (rest.isNegative() || !d(amount).greaterThan(0)) return null;
  return { paidAmount: money(paid), unpaid: money(rest), paidOff: rest.isZero() };
}

/** Σ of each figure over many contracts (the ledger's summary row). */
export function sumFigures(rows: readonly ContractTotals[]): ContractFigures {
  const keys = [
    'amount',
    'changedAmount',
    'settledAmount',
    'payableAmount',
    'paidAmount',
    'retentionHeld',
    'retentionReleased',
  ] as const;
  const acc = Object.fromEntries(keys.map((k) => [k, new Dec(0)])) as Record<(typeof keys)[number], Dec>;
  for (const r of rows) for (const k of keys) acc[k] = acc[k].plus(d(r[k]));
  return contractFigures(Object.fromEntries(keys.map((k) => [k, money(acc[k])])) as unknown as ContractTotals);
}

export const ZERO_TOTALS: ContractTotals = {
  amount: '0.00',
  changedAmount: '0.00',
  settledAmount: '0.00',
  payableAmount: '0.00',
  paidAmount: '0.00',
  retentionHeld: '0.00',
  retentionReleased: '0.00',
};
