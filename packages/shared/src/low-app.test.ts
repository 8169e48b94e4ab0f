import { describe, expect, it } from 'vitest';
import { LOW_APP_HEADER, lowAppIdOfPath } from './low-app.constants.ts';
import { lowAppIdSchema } from './low-app.ts';

describe('low-app pages (§6 app id header)', () => {
  it('takes the app id from /myapps/<appId>/… and nothing from other pages', () => {
    expect(LOW_APP_HEADER).toBe('X-Low-App-ID');
    expect(lowAppIdOfPath('/myapps/1689012345678901234/orders')).toBe('1689012345678901234');
    expect(lowAppIdOfPath('/myapps/crm_app')).toBe('crm_app');
    expect(lowAppIdOfPath('/myapps/')).toBeNull();
    expect(lowAppIdOfPath('/myapps')).toBeNull();
    expect(lowAppIdOfPath('/purchase/record')).toBeNull();
    expect(lowAppIdOfPath('/system/myapps/x')).toBeNull();
    expect(lowAppIdOfPath('/myapps/bad%20id/x')).toBeNull();
    expect(lowAppIdOfPath('/myapps/%E0%A4%A/x')).toBeNull();
    expect(lowAppIdOfPath(`/myapps/${'a'.repeat(33)}`)).toBeNull();
  });

  it('the server schema refuses a malformed id in Chinese', () => {
    expect(lowAppIdSchema.safeParse('crm-1').success).toBe(true);
    const bad = lowAppIdSchema.safeParse("1' or 1=1");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('应用ID格式不正确');
    expect(lowAppIdSchema.safeParse('').success).toBe(false);
  });
});
