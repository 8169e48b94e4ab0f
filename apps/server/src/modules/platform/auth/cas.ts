/** Validates CAS service tickets against the configured CAS server (protocol 3, /p3/serviceValidate). */
export interface CasClient {
  validate(ticket: string, service: string | undefined): Promise<string>;
}

export class CasError extends Error {}

const decodeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

export function createCasClient(serverUrl: string, defaultService: string): CasClient {
  return {
    async validate(ticket, service) {
      const url = new URL(`${serverUrl.replace(/\/$/, '')}/p3/serviceValidate`);
      url.searchParams.set('ticket', ticket);
      url.searchParams.set('service', service ?? defaultService);
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = await response.text();
      const user = /<cas:user>([^<]+)<\/cas:user>/.exec(body)?.[1];
      if (!response.ok || !user) throw new CasError('CAS票据校验失败');
      return decodeXml(user.trim());
    },
  };
}
