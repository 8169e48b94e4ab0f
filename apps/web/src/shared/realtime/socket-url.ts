import { API_BASE } from '../http.ts';

/** ws(s)://<this host>/aps<path>: the sockets live beside the API (§3 {ws-domain} is the same origin here). */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_BASE}${path}`;
}

/** What the clients need of the browser's WebSocket (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/** Opens a socket; the token travels as the subprotocol (the browser cannot set headers on a WebSocket). */
export type SocketFactory = (url: string, token: string) => SocketLike;

export const browserSocket: SocketFactory = (url, token) => new WebSocket(url, [token]) as unknown as SocketLike;

export const SOCKET_OPEN = 1;
