import { create } from 'zustand';

/** Whether the notice socket is up: while it is, the bell does not poll (§9, 6 s polling replaced). */
export const useRealtimeStore = create<{ noticeConnected: boolean; setNoticeConnected: (up: boolean) => void }>(
  (set) => ({
    noticeConnected: false,
    setNoticeConnected: (up) => set({ noticeConnected: up }),
  }),
);
