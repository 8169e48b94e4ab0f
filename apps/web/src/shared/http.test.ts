import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildUrl,
  claimRequest,
  DUPLICATE_WINDOW_MS,
  HTTP_MESSAGES,
  HttpError,
  http,
  needsTimestamp,
  request,
  requestKey,
  setHttpToasts,
  setSessionEnder,
  setStaticToasts,
} from './http.ts';

const shown: { kind: string; text: string }[] = [];
const calls: { url: URL; init: RequestInit }[] = [];
let answer: (url: URL) => Promise<Response>;

const envelope = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  shown.length = 0;
  calls.length = 0;
  vi.stubGlobal('window', { location: { origin: 'http://aps.test', reload: vi.fn() } });
  vi.stubGlobal('fetch', (url: URL, init: RequestInit) => {
    calls.push({ url, init });
    return answer(url);
  });
  answer = async () => envelope(200, { success: true, message: 'ok', code: 200, result: 1, timestamp: 0 });
  const fake = {
    error: (text: string) => shown.push({ kind: 'error', text }),
    warning: (text: string) => shown.push({ kind: 'warning', text }),
    alert: (title: string, content: string) => shown.push({ kind: 'alert', text: `${title}:${content}` }),
  };
  setHttpToasts(fake);
  setStaticToasts(fake);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('_t rule (§7)', () => {
  it('adds _t to GETs but not to dictionary item lookups nor to writes', () => {
    expect(needsTimestamp('GET', '/sys/user/list')).toBe(true);
    expect(needsTimestamp('GET', '/sys/dict/getDictItems/yn')).toBe(false);
    expect(needsTimestamp('GET', 'sys/dict/getDictItems/yn')).toBe(false);
    expect(needsTimestamp('POST', '/sys/user/add')).toBe(false);
    expect(buildUrl('GET', '/sys/user/list', { pageNo: 1 }, 42).search).toBe('?pageNo=1&_t=42');
    expect(buildUrl('GET', 'sys/dict/getDictItems/yn', {}, 42).href).toBe(
      'http://aps.test/aps/sys/dict/getDictItems/yn',
    );
    // A caller's own _t is kept.
    expect(buildUrl('GET', '/x', { _t: 7 }, 42).search).toBe('?_t=7');
  });
});

describe('duplicate submits', () => {
  it('refuses an identical submit while the first is in flight, and forgets it after 2 s', () => {
    const key = requestKey('POST', '/aps/sys/x', { b: 2, a: 1, _t: 5 }, { name: 'n' });
    expect(key).toBe(requestKey('POST', '/aps/sys/x', { a: 1, b: 2, _t: 9 }, { name: 'n' }));
    expect(key).not.toBe(requestKey('POST', '/aps/sys/x', { a: 1, b: 2 }, { name: 'm' }));
    const release = claimRequest(key, 1000);
    expect(release).not.toBeNull();
    expect(claimRequest(key, 1000 + DUPLICATE_WINDOW_MS - 1)).toBeNull();
    expect(claimRequest(key, 1000 + DUPLICATE_WINDOW_MS)).not.toBeNull();
    release?.();
  });

  it('shows 处理中, 请勿频繁重复提交！ for the duplicate and lets the first one finish', async () => {
    let finish: (r: Response) => void = () => undefined;
    answer = () => new Promise((resolve) => (finish = resolve));
    const first = http.post<number>('/sys/slow', { a: 1 });
    await expect(http.post('/sys/slow', { a: 1 })).rejects.toMatchObject({ kind: 'duplicate' });
    expect(shown).toEqual([{ kind: 'warning', text: HTTP_MESSAGES.duplicate }]);
    expect(calls).toHaveLength(1);
    finish(envelope(200, { success: true, message: '', code: 200, result: 3, timestamp: 0 }));
    expect(await first).toBe(3);
    // Once answered, the same submit may be sent again.
    answer = async () => envelope(200, { success: true, message: '', code: 200, result: 4, timestamp: 0 });
    expect(await http.post('/sys/slow', { a: 1 })).toBe(4);
  });
});

describe('headers', () => {
  it('sends the tenant header on every call and the signed headers on signed calls', async () => {
    await http.get('/sys/x');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers).toHaveProperty('tenant-id');
    await http.signedGet('/sys/dict/loadDict/yn', { keyword: 'a', pageSize: 10 });
    const signed = calls[1]?.init.headers as Record<string, string>;
    expect(signed['X-Sign']).toMatch(/^[0-9A-F]{32}$/);
    expect(signed['X-TIMESTAMP']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(signed).toHaveProperty('tabID');
    expect(signed).toHaveProperty('userId');
  });

  it('sends X-Low-App-ID only while a low-app page (/myapps/<appId>/…) is in view (§6)', async () => {
    const at = (pathname: string) =>
      vi.stubGlobal('window', { location: { origin: 'http://aps.test', pathname, reload: vi.fn() } });
    at('/myapps/1689012345678901234/orders');
    await http.get('/sys/x');
    await http.post('/sys/y', { a: 1 });
    for (const call of calls) {
      expect((call.init.headers as Record<string, string>)['X-Low-App-ID']).toBe('1689012345678901234');
    }
    at('/purchase/record');
    await http.get('/sys/x');
    expect(calls[2]?.init.headers).not.toHaveProperty('X-Low-App-ID');
    expect(calls[2]?.init.headers).toHaveProperty('tenant-id');
    // A malformed id in the address is not sent (the server would refuse the call).
    at('/myapps/bad%20id/x');
    await http.get('/sys/x');
    expect(calls[3]?.init.headers).not.toHaveProperty('X-Low-App-ID');
  });
});

describe('error catalogue (§8)', () => {
  const fail = (status: number, message: string) => async () =>
    envelope(status, { success: false, message, code: status, result: null, timestamp: 0 });

  it.each([
    [403, '无权访问该租户的数据', HTTP_MESSAGES.forbidden],
    [404, '通告不存在', HTTP_MESSAGES.notFound],
    [504, '', HTTP_MESSAGES.timeout],
    [502, '上游服务不可用', '上游服务不可用'],
  ])('status %i shows its message', async (status, server, expected) => {
    answer = fail(status, server);
    await expect(http.get('/x')).rejects.toBeInstanceOf(HttpError);
    expect(shown).toEqual([{ kind: 'error', text: expected }]);
  });

  it('leaves a 400 to the caller, with the server message', async () => {
    answer = fail(400, '旧密码输入错误');
    await expect(http.post('/x', {})).rejects.toMatchObject({ message: '旧密码输入错误', shown: false });
    expect(shown).toEqual([]);
  });

  it('shows 网络繁忙，请稍候! when nothing answers, 网络超时 on time-out', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network', message: HTTP_MESSAGES.noResponse });
    answer = (url) =>
      new Promise((_, reject) => {
        const signal = calls.at(-1)?.init.signal;
        signal?.addEventListener('abort', () => reject(signal.reason));
        void url;
      });
    await expect(request('/y', { timeout: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(shown.map((s) => s.text)).toEqual([HTTP_MESSAGES.noResponse, HTTP_MESSAGES.timeout]);
  });

  it('logs out on 401 and on 500 Token失效 (the latter through a 重新登录 dialog), then reloads', async () => {
    // The reload is 1.5 s after the logout: a real timer would fire in whichever test file runs next.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const ender = vi.fn(async () => undefined);
    setSessionEnder(ender);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => (k === 'pro__Access-Token' ? JSON.stringify({ value: 't', expire: null }) : null),
      setItem: () => undefined,
      removeItem: () => undefined,
    });
    answer = fail(500, 'Token失效，请重新登录!');
    await expect(http.get('/x')).rejects.toMatchObject({ message: HTTP_MESSAGES.tokenExpired });
    expect(shown).toEqual([{ kind: 'alert', text: `登录已过期:${HTTP_MESSAGES.tokenExpired}` }]);
    answer = fail(401, 'Token失效，请重新登录!');
    await expect(http.get('/x')).rejects.toMatchObject({ status: 401 });
    expect(shown.at(-1)).toEqual({ kind: 'error', text: HTTP_MESSAGES.unauthorized });
    expect(ender).toHaveBeenCalledTimes(1);
    const { reload } = window.location;
    await vi.advanceTimersByTimeAsync(1_499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
