/** §4/§9 push channels: paths under /aps, timings, commands and message types, shared by server and client. */
export const REALTIME_PATHS = {
  notice: '/websocket',
  grid: '/vxeSocket',
} as const;

export const REALTIME_TIMING = {
  /** Notice socket: a heartbeat every 20 s, reconnect 5 s after a close, forced-offline countdown 30 s. */
  noticeHeartbeatMs: 20_000,
  noticeReconnectMs: 5_000,
  offlineCountdownSeconds: 30,
  /** Grid socket: a heartbeat every 10 s, no reply within 6 s → reconnect; close/error → reconnect after 5 s. */
  gridHeartbeatMs: 10_000,
  gridReplyTimeoutMs: 6_000,
  gridReconnectMs: 5_000,
} as const;

/** Notice commands: topic / user reload the bell; any cmd containing offline forces the user out. */
export const NOTICE_CMD = { topic: 'topic', user: 'user', offline: 'offline', heartcheck: 'heartcheck' } as const;
/** What the notice client sends as its heartbeat, and the server's answer text. */
export const NOTICE_HEARTBEAT = 'HeartBeat';
export const NOTICE_HEARTBEAT_REPLY = '心跳响应';

export const GRID_TYPE = {
  heartBeat: 'heart_beat',
  commonSendDate: 'common_send_date',
  updateVxeTable: 'update_vxe_table',
} as const;

/** The grid pages that push rows (pageId of /vxeSocket/{userId}/{pageId}). */
export const GRID_PAGE = {
  demo: 'demo-editable-grid',
} as const;

/** The item lines of one purchase plan: everyone editing that plan shares the page (§4, saved lines pushed). */
export const planItemsGridPage = (planId: string) => `purchase-plan-items:${planId}`;
