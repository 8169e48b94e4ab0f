import fs from 'node:fs/promises';
import path from 'node:path';

/** Where SMS codes go. Production wires a real gateway behind this interface. */
export interface SmsSender {
  send(phone: string, message: string): Promise<void>;
}

/** 13812345678 → 138****5678: enough to tell numbers apart in a log, not enough to use one. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * Development sender: the message (with its code) is appended to `outboxFile`, the one place a developer reads a
 * code; the server log only says that a message went to a masked number, so codes never reach log collectors.
 */
export function createOutboxSmsSender(outboxFile: string, log: (msg: string) => void): SmsSender {
  return {
    async send(phone, message) {
      await fs.mkdir(path.dirname(outboxFile), { recursive: true });
      await fs.appendFile(outboxFile, `${new Date().toISOString()} ${phone} ${message}\n`, { mode: 0o600 });
      log(`[SMS] 短信已发送至 ${maskPhone(phone)}（开发环境，内容见 ${path.basename(outboxFile)}）`);
    },
  };
}
