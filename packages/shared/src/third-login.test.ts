import { describe, expect, it } from 'vitest';
import { oauth2AppType, THIRD_LOGIN_MESSAGES, thirdLoginProviderName, thirdRenderQuerySchema } from './account.ts';

describe('third-party sign-in helpers', () => {
  it('tells the OAuth2 app from the user agent (§6: wxwork, dingtalk)', () => {
    expect(oauth2AppType('Mozilla/5.0 (iPhone) MicroMessenger/8.0 wxwork/4.1.0')).toBe('wechat_enterprise');
    expect(oauth2AppType('Mozilla/5.0 (Linux; Android 13) AliApp(DingTalk/7.0.40)')).toBe('dingtalk');
    expect(oauth2AppType('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0')).toBeNull();
  });

  it('names the known providers and any other as 第三方账号', () => {
    expect(thirdLoginProviderName('wechat_enterprise')).toBe('企业微信');
    expect(thirdLoginProviderName('dingtalk')).toBe('钉钉');
    expect(thirdLoginProviderName('corp_sso')).toBe('第三方账号');
  });

  it('accepts only a path of this site as the page to return to', () => {
    expect(thirdRenderQuerySchema.parse({ redirect: '/purchase/plan?x=1' })).toEqual({
      redirect: '/purchase/plan?x=1',
    });
    expect(thirdRenderQuerySchema.parse({})).toEqual({});
    for (const redirect of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'relative']) {
      const parsed = thirdRenderQuerySchema.safeParse({ redirect });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(THIRD_LOGIN_MESSAGES.badRedirect);
    }
  });
});
