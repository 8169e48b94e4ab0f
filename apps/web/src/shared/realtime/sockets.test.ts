import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GridSocket } from './grid-socket.ts';
import { NoticeSocket } from './notice-socket.ts';
import type { SocketLike } from './socket-url.ts';

/** A socket the test opens, answers and closes by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: string[] = [];
  closed = false;
  readonly url: string;
  readonly token: string;
  constructor(url: string, token: string) {
    this.url = url;
    this.token = token;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

let sockets: FakeSocket[];
const open = (url: string, token: string) => {
  const s = new FakeSocket(url, token);
  sockets.push(s);
  return s;
};
const last = () => sockets[sockets.length - 1] as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('NoticeSocket (§4, §9)', () => {
  const make = () => {
    const onBell = vi.fn();
    const onOffline = vi.fn();
    const onStatus = vi.fn();
    const client = new NoticeSocket({
      url: 'ws://h/aps/websocket/u1',
      token: 'tok',
      onBell,
      onOffline,
      onStatus,
      open,
    });
    return { client, onBell, onOffline, onStatus };
  };

  it('opens only when started, with the token as subprotocol; heartbeats every 20 s once open', () => {
    const { client, onStatus } = make();
    expect(sockets).toHaveLength(0);
    client.start();
    expect(last().token).toBe('tok');
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toEqual([]); // no heartbeat before the socket is open
    last().accept();
    expect(onStatus).toHaveBeenLastCalledWith(true);
    vi.advanceTimersByTime(19_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(40_000);
    expect(last().sent).toHaveLength(3);
    client.stop();
  });

  it('reconnects 5 s after a close, one attempt at a time', () => {
    const { client, onStatus } = make();
    client.start();
    last().accept();
    last().drop();
    expect(onStatus).toHaveBeenLastCalledWith(false);
    last().onclose?.({}); // a second close of the same socket schedules nothing more
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(2); // still connecting: no parallel attempt
    last().drop();
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(3);
    client.stop();
    last().drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(3); // stopped: never again
  });

  it('topic / user reload the bell; a cmd containing offline forces out; junk is ignored', () => {
    const { client, onBell, onOffline } = make();
    client.start();
    last().accept();
    last().receive({ cmd: 'user', msgTxt: 'x' });
    last().receive({ cmd: 'topic' });
    last().receive('not json');
    last().receive({ cmd: 'heartcheck' });
    expect(onBell).toHaveBeenCalledTimes(2);
    last().receive({ cmd: 'forceOffline', msgTxt: '下线' });
    expect(onOffline).toHaveBeenCalledWith({ cmd: 'forceOffline', msgTxt: '下线' });
    client.stop();
  });
});

describe('GridSocket (§4, §9)', () => {
  const make = () => {
    const onUpdate = vi.fn();
    const client = new GridSocket({ url: 'ws://h/aps/vxeSocket/u1/p1', token: 't', socketKey: 'me', onUpdate, open });
    return { client, onUpdate };
  };

  it('heartbeats every 10 s once open; a reply in time keeps the socket', () => {
    const { client } = make();
    client.start();
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toEqual([]);
    last().accept();
    vi.advanceTimersByTime(10_000);
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([{ type: 'heart_beat', data: '-' }]);
    vi.advanceTimersByTime(5_999);
    last().receive({ type: 'heart_beat', data: '-' });
    vi.advanceTimersByTime(4_000); // past the 6 s the answered heartbeat had: its timer is gone
    expect(sockets).toHaveLength(1);
    expect(last().closed).toBe(false);
    client.stop();
  });

  it('no reply within 6 s: drops the socket and reconnects 5 s later', () => {
    const { client } = make();
    client.start();
    last().accept();
    vi.advanceTimersByTime(10_000 + 5_999);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('close and error together reconnect once, after 5 s', () => {
    const { client } = make();
    client.start();
    last().accept();
    const first = last();
    first.onerror?.({});
    first.onclose?.({});
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('applies update_vxe_table from others, ignores its own socketKey; sends its edits with it', () => {
    const { client, onUpdate } = make();
    client.start();
    last().accept();
    last().receive({ type: 'update_vxe_table', data: { socketKey: 'other', args: [{ id: 'r1', qty: 2 }] } });
    last().receive({ type: 'update_vxe_table', data: { socketKey: 'me', args: [{ id: 'r1', qty: 9 }] } });
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith([{ id: 'r1', qty: 2 }]);
    client.sendUpdate({ id: 'r2', qty: 1 });
    expect(JSON.parse(last().sent[0] as string)).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'me', args: [{ id: 'r2', qty: 1 }] },
    });
    client.stop();
  });
});
