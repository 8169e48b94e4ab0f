import { describe, expect, it } from 'vitest';
import { fromMilli, itemEditable, milli, shortNumber, spreadOf } from './score-values.ts';

describe('score values', () => {
  it('reads 3-decimal texts exactly', () => {
    expect(milli('0')).toBe(0);
    expect(milli('45.5')).toBe(45_500);
    expect(milli('60.00')).toBe(60_000);
    expect(milli('60.001')).toBe(60_001);
    expect(milli('0.1')).toBe(100);
    expect(milli('100')).toBe(100_000);
    expect(fromMilli(5_500)).toBe('5.500');
    expect(fromMilli(0)).toBe('0.000');
    expect(fromMilli(20_000)).toBe('20.000');
  });

  it('shows a maximum without trailing zeros', () => {
    expect(shortNumber('60.00')).toBe('60');
    expect(shortNumber('20.50')).toBe('20.5');
    expect(shortNumber('7.25')).toBe('7.25');
    expect(shortNumber('100')).toBe('100');
  });

  it('flags a spread strictly above 20 % of the maximum', () => {
    expect(spreadOf([], '60.00')).toBeNull();
    expect(spreadOf(['30', '46', '50'], '60.00')).toEqual({ spread: '20.000', alert: true });
    // 12 is exactly 20 % of 60: not above it.
    expect(spreadOf(['40', '52'], '60.00')).toEqual({ spread: '12.000', alert: false });
    expect(spreadOf(['40', '52.001'], '60.00')).toEqual({ spread: '12.001', alert: true });
    expect(spreadOf(['18'], '20.00')).toEqual({ spread: '0.000', alert: false });
  });

  it('lets a member change only what is still open', () => {
    const scoring = { memberState: 'scoring', committeeState: 'scoring' } as const;
    expect(itemEditable(scoring, undefined)).toBe(true);
    expect(itemEditable(scoring, 'draft')).toBe(true);
    expect(itemEditable(scoring, 'submitted')).toBe(false);
    const returned = { memberState: 'scoring', committeeState: 'summarizing' } as const;
    expect(itemEditable(returned, 'returned')).toBe(true);
    expect(itemEditable(returned, 'submitted')).toBe(false);
    expect(itemEditable(returned, 'draft')).toBe(false);
    expect(itemEditable({ memberState: 'submitted', committeeState: 'scoring' }, 'draft')).toBe(false);
    expect(itemEditable({ memberState: 'summarizing', committeeState: 'summarizing' }, 'returned')).toBe(false);
  });
});
