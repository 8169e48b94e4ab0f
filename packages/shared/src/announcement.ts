export const ANNOUNCEMENT_CATEGORY = { notice: '1', system: '2' } as const;
export const PRIORITY_COLORS = { L: 'blue', M: 'orange', H: 'red' } as const;
export type Priority = keyof typeof PRIORITY_COLORS;

/** An announcement as the bell and the detail modal show it (§3; `titile` is the spec's spelling). */
export interface AnnouncementDto {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  sender: string | null;
  sendTime: string | null;
  createTime: string;
  priority: Priority;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  busType: string | null;
  readFlag: boolean;
}

/** GET /sys/annountCement/listByUser result (§3). */
export interface AnnouncementListByUser {
  anntMsgList: AnnouncementDto[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementDto[];
  sysMsgTotal: number;
}
