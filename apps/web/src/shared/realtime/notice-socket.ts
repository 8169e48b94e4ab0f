import { NOTICE_CMD, NOTICE_HEARTBEAT, REALTIME_TIMING } from '@aps/shared/constants';
import { browserSocket, SOCKET_OPEN, type SocketFactory, type SocketLike } from './socket-url.ts';

export interface NoticeMessage {
  cmd?: string;
  msgTxt?: string;
  msgId?: string;
}

export interface NoticeSocketOptions {
  url: string;
  token: string;
  /** cmd topic or user: reload the bell. */
  onBell: (message: NoticeMessage) => void;
  /** A cmd containing offline: the forced-offline dialog. */
  onOffline: (message: NoticeMessage) => void;
  /** Whether the socket is up (the bell polls only while it is not). */
  onStatus?: (connected: boolean) => void;
  open?: SocketFactory;
}

/**
 * §4 notice socket /websocket/{userId}: the heartbeat (every 20 s) starts when the socket opens, never on mount;
 * after a close the client reconnects 5 s later, one attempt at a time. Parse and send failures are ignored (§8).
 */
export class NoticeSocket {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;

  private readonly options: NoticeSocketOptions;

  constructor(options: NoticeSocketOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    this.options.onStatus?.(false);
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = (this.options.open ?? browserSocket)(this.options.url, this.options.token);
    } catch {
      this.reconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.options.onStatus?.(true);
      this.startHeartbeat();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // The close that follows schedules the reconnect.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopHeartbeat();
      this.options.onStatus?.(false);
      this.reconnect();
    };
  }

  /** One reconnect at a time, 5 s after the close. */
  private reconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, REALTIME_TIMING.noticeReconnectMs);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      try {
        if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(NOTICE_HEARTBEAT);
      } catch {
        // §8: send failures are ignored; the close event reconnects.
      }
    }, REALTIME_TIMING.noticeHeartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private receive(data: unknown): void {
    let message: NoticeMessage;
    try {
      message = JSON.parse(String(data)) as NoticeMessage;
    } catch {
      return;
    }
    const cmd = typeof message?.cmd === 'string' ? message.cmd : '';
    const lower = cmd.toLowerCase();
    if (lower.includes(NOTICE_CMD.offline)) this.options.onOffline(message);
    else if (cmd === NOTICE_CMD.topic || cmd === NOTICE_CMD.user) this.options.onBell(message);
  }
}
