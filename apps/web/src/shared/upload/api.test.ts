import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFileBlob, uploadFile } from './api.ts';

/** A stand-in XMLHttpRequest that keeps what was sent and answers the §7 envelope. */
class FakeXhr {
  static sent: { url: string; body: FormData }[] = [];
  upload = { onprogress: null };
  status = 200;
  response: unknown = null;
  responseType = '';
  onload: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    const file = body.get('file') as File;
    this.response = {
      success: true,
      code: 200,
      message: `ftl/20261123/${file.name}`,
      result: { filePath: `ftl/20261123/${file.name}` },
    };
    this.onload?.();
  }
}

describe('uploadFile (§7 POST /sys/common/upload)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.sent = [];
  });

  it('sends the file, biz and the further fields of a grid cell (isup=1)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    const saved = await uploadFile(new File(['x'], 'a.txt'), { biz: 'ftl', fields: { isup: '1' } });
    expect(saved.filePath).toBe('ftl/20261123/a.txt');
    const [request] = FakeXhr.sent;
    expect(request?.url).toBe('/aps/sys/common/upload');
    expect([...(request?.body.keys() ?? [])]).toEqual(['biz', 'isup', 'file']);
    expect(request?.body.get('biz')).toBe('ftl');
    expect(request?.body.get('isup')).toBe('1');
  });
});

describe('fetchFileBlob', () => {
  it('refuses a download with no file behind it (§8 未知的文件) without asking the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await expect(fetchFileBlob('')).rejects.toThrow('未知的文件');
    await expect(fetchFileBlob('  ')).rejects.toThrow('未知的文件');
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
