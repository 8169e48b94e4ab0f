import { GRID_TYPE, REALTIME_TIMING } from '@aps/shared/constants';
import { browserSocket, SOCKET_OPEN, type SocketFactory, type SocketLike } from './socket-url.ts';

export interface GridSocketOptions {
  url: string;
  token: string;
  /** This grid instance: its own pushes come back with it and are ignored. */
  socketKey: string;
  /** update_vxe_table from another instance: args[0] is the row. */
  onUpdate: (args: unknown[]) => void;
  /** common_send_date: key and args. */
  onCommon?: (key: string, args: unknown[]) => void;
  open?: SocketFactory;
}

/**
 * §4 grid socket /vxeSocket/{userId}/{pageId}: a heartbeat every 10 s once open; no reply within 6 s → reconnect;
 * close or error → reconnect after 5 s, guarded so that only one reconnect is ever pending.
 */
export class GridSocket {
  private socket: SocketLike | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private replyTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;

  private readonly options: GridSocketOptions;

  constructor(options: GridSocketOptions) {
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
    this.drop();
  }

  /** Tells the page's other grids about a row this grid changed (update_vxe_table with this socketKey). */
  sendUpdate(row: unknown): void {
    this.send({ type: GRID_TYPE.updateVxeTable, data: { socketKey: this.options.socketKey, args: [row] } });
  }

  private send(message: unknown): void {
    try {
      if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(message));
    } catch {
      // §8: send failures are ignored.
    }
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
    socket.onopen = () => this.startHeartbeat();
    socket.onmessage = (event) => this.receive(event.data);
    const lost = () => {
      if (this.socket !== socket) return;
      this.drop();
      this.reconnect();
    };
    socket.onclose = lost;
    socket.onerror = lost;
  }

  /** Closes the current socket without triggering its handlers. */
  private drop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.heartbeat = null;
    this.replyTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      try {
        socket.close();
      } catch {}
    }
  }

  private reconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped) this.connect();
    }, REALTIME_TIMING.gridReconnectMs);
  }

  private startHeartbeat(): void {
    this.heartbeat = setInterval(() => {
      this.send({ type: GRID_TYPE.heartBeat, data: '-' });
      if (this.replyTimer) return;
      // No answer within 6 s: the line is dead though no close came; start over.
      this.replyTimer = setTimeout(() => {
        this.replyTimer = null;
        this.drop();
        this.reconnect();
      }, REALTIME_TIMING.gridReplyTimeoutMs);
    }, REALTIME_TIMING.gridHeartbeatMs);
  }

  private receive(data: unknown): void {
    let message: { type?: string; data?: { socketKey?: string; args?: unknown[]; key?: string } };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (message?.type === GRID_TYPE.heartBeat) {
      if (this.replyTimer) clearTimeout(this.replyTimer);
      this.replyTimer = null;
      return;
    }
    const body = message?.data;
    if (message?.type === GRID_TYPE.updateVxeTable && body && Array.isArray(body.args)) {
      if (body.socketKey === this.options.socketKey) return; // our own push
      this.options.onUpdate(body.args);
    } else if (message?.type === GRID_TYPE.commonSendDate && body && Array.isArray(body.args)) {
      this.options.onCommon?.(String(body.key ?? ''), body.args);
    }
  }
}
