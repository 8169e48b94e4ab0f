import type { AuthEntry } from '@aps/shared';
import { describe, expect, it } from 'vitest';
import { hasPermission, hasPermissionPrefix } from './permission.ts';

const entry = (action: string, type = '1', status = '1'): AuthEntry => ({ action, type, status, describe: action });

describe('hasPermission (§6 button rule)', () => {
  const allAuth = [entry('user:add'), entry('user:delete'), entry('user:export', '1', '0')];

  it('shows a button only when the user holds its code (type not 2)', () => {
    expect(hasPermission('user:add', { auth: [entry('user:add')], allAuth })).toBe(true);
    expect(hasPermission('user:add', { auth: [], allAuth })).toBe(false);
    expect(hasPermission('user:add', { auth: [entry('user:add', '2')], allAuth })).toBe(false);
  });

  it('accepts comma-joined codes on either side', () => {
    expect(hasPermission('user:add,user:delete', { auth: [entry('user:delete')], allAuth })).toBe(true);
    expect(hasPermission('user:delete', { auth: [entry('user:add,user:delete')], allAuth })).toBe(true);
  });

  it('allows a code whose configured entry is switched off (status 0)', () => {
    expect(hasPermission('user:export', { auth: [], allAuth })).toBe(true);
  });

  it('allows default-list entries unless their status is 0', () => {
    expect(hasPermission('x:y', { auth: [], allAuth, defaults: [entry('x:y')] })).toBe(true);
    expect(hasPermission('x:y', { auth: [], allAuth, defaults: [entry('x:y', '1', '0')] })).toBe(false);
  });

  it('restricts nothing without a code', () => {
    expect(hasPermission('', { auth: [], allAuth })).toBe(true);
  });

  it('matches menu-child permissions by prefix', () => {
    expect(hasPermissionPrefix('purchase:record:', [entry('purchase:record:add')])).toBe(true);
    expect(hasPermissionPrefix('purchase:record:', [entry('user:add')])).toBe(false);
  });
});
