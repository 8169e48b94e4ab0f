/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters over 0-9 and A-Z without I, O, Z, S, V; the 18th is the check
 * character = 31 − (Σ value(cᵢ) × wᵢ mod 31), where 31 stands for 0.
 */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of the first 17 characters, or null when one is outside the charset. */
export function usccCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARSET.indexOf(first17[i] as string);
    if (v < 0) return null;
    sum += v * (WEIGHTS[i] as number);
  }
  const c = 31 - (sum % 31);
  return USCC_CHARSET[c === 31 ? 0 : c] as string;
}

/** Whether `code` is a well-formed 统一社会信用代码 (upper case, as printed on the licence). */
export function isValidUscc(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}
