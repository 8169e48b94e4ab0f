import type { RealtimeEvent } from './bus.ts';

/** What the hub needs of a socket (the `ws` WebSocket has it; tests and the bench may pass their own). */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
}

const OPEN = 1;

interface NoticeEntry {
  userId: string;
  sessionId: string;
  socket: HubSocket;
}

interface GridEntry {
  /** This connection's id, so a relayed message skips its sender. */
  id: string;
  socket: HubSocket;
}

/**
 * This instance's sockets (§4): notice sockets by user (each remembering the session it was opened with), grid
 * sockets by tenant and page. It only delivers; what reaches it comes through the RealtimeBus, so a publish on any
 * instance is delivered by every instance's hub to the sockets it holds.
 */
export class RealtimeHub {
  private readonly users = new Map<string, Set<NoticeEntry>>();
  private readonly pages = new Map<string, Set<GridEntry>>();

  static pageKey(tenantId: number, pageId: string): string {
    return `${tenantId}:${pageId}`;
  }

  addNotice(userId: string, sessionId: string, socket: HubSocket): () => void {
    const entry: NoticeEntry = { userId, sessionId, socket };
    const set = this.users.get(userId) ?? new Set<NoticeEntry>();
    this.users.set(userId, set);
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.users.get(userId) === set) this.users.delete(userId);
    };
  }

  addGrid(tenantId: number, pageId: string, id: string, socket: HubSocket): () => void {
    const key = RealtimeHub.pageKey(tenantId, pageId);
    const entry: GridEntry = { id, socket };
    const set = this.pages.get(key) ?? new Set<GridEntry>();
    this.pages.set(key, set);
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.pages.get(key) === set) this.pages.delete(key);
    };
  }

  /** Counts for the bench and the tests. */
  size(): { users: number; noticeSockets: number; pages: number; gridSockets: number } {
    let noticeSockets = 0;
    for (const set of this.users.values()) noticeSockets += set.size;
    let gridSockets = 0;
    for (const set of this.pages.values()) gridSockets += set.size;
    return { users: this.users.size, noticeSockets, pages: this.pages.size, gridSockets };
  }

  /** Delivers one event to the matching sockets of this instance; returns how many were sent to. */
  deliver(event: RealtimeEvent): number {
    let sent = 0;
    const send = (socket: HubSocket, text: string) => {
      if (socket.readyState !== OPEN) return;
      try {
        socket.send(text);
        sent++;
      } catch {
        // A socket closing under us: its close handler removes it.
      }
    };
    if (event.to === 'page') {
      const set = this.pages.get(RealtimeHub.pageKey(event.tenantId, event.pageId));
      if (!set) return 0;
      const text = JSON.stringify(event.message);
      for (const entry of set) if (entry.id !== event.exceptSocket) send(entry.socket, text);
      return sent;
    }
    // Serialised once, however many sockets receive it.
    const text = JSON.stringify(event.message);
    if (event.to === 'sessions') {
      const wanted = new Set(event.sessionIds);
      for (const set of this.users.values()) {
        for (const entry of set) if (wanted.has(entry.sessionId)) send(entry.socket, text);
      }
      return sent;
    }
    if (event.userIds === 'all') {
      for (const set of this.users.values()) for (const entry of set) send(entry.socket, text);
      return sent;
    }
    for (const userId of event.userIds) {
      const set = this.users.get(userId);
      if (set) for (const entry of set) send(entry.socket, text);
    }
    return sent;
  }
}
