import fs from 'node:fs/promises';
import path from 'node:path';
import { createOutboxSmsSender, maskPhone, type SmsSender } from '../sms.ts';
import type { MessagingConfig, SmtpSettings } from './config.ts';

export type MessageChannel = 'sms' | 'email';

/** One verification message: the code's text, to a phone (sms) or an address (email). */
export interface OutgoingMessage {
  channel: MessageChannel;
  to: string;
  subject: string;
  text: string;
}

/** Every code leaves through this (login, registration, the wizards): one sender per channel. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

export interface EmailSender {
  send(to: string, subject: string, text: string): Promise<void>;
}

/** a***@example.com: enough to recognise one's own address in a log. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***';
}

/** Development sink of e-mail: appended to `outboxFile` (the tests read it); the log names the masked address. */
export function createOutboxEmailSender(outboxFile: string, log: (msg: string) => void): EmailSender {
  return {
    async send(to, subject, text) {
      await fs.mkdir(path.dirname(outboxFile), { recursive: true });
      await fs.appendFile(outboxFile, `${new Date().toISOString()} ${to} ${subject} ${text}\n`, { mode: 0o600 });
      log(`[MAIL] 邮件已发送至 ${maskEmail(to)}（开发环境，内容见 ${path.basename(outboxFile)}）`);
    },
  };
}

/** SMTP through nodemailer, loaded only when configured. */
export function createSmtpEmailSender(settings: SmtpSettings): EmailSender {
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  const open = async () => {
    const nodemailer = await import('nodemailer');
    return settings.url
      ? nodemailer.createTransport(settings.url)
      : nodemailer.createTransport({
          host: settings.host,
          port: settings.port ?? (settings.secure ? 465 : 587),
          secure: settings.secure,
          ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
        });
  };
  return {
    async send(to, subject, text) {
      transport ??= open();
      await (await transport).sendMail({ from: settings.from, to, subject, text });
    },
  };
}

/**
 * A generic SMS gateway over HTTP: POST `url` with `{ phone, message }` as JSON (and a bearer token when set); any
 * 2xx is sent. Vendors with their own signatures sit behind such a webhook; none is faked here.
 */
export function createWebhookSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(phone, message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ phone, message }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`短信网关返回 ${res.status}（${maskPhone(phone)}）`);
    },
  };
}

const unconfigured = (what: string) => ({
  async send() {
    throw new Error(`${what}未配置`);
  },
});

export function createMessageSender(
  config: MessagingConfig,
  { dataDir, log, sms }: { dataDir: string; log: (msg: string) => void; sms?: SmsSender | undefined },
): MessageSender & { sms: SmsSender } {
  const smsSender: SmsSender =
    sms ??
    (config.sms?.provider === 'webhook'
      ? createWebhookSmsSender(config.sms.url, config.sms.token)
      : config.sms?.provider === 'outbox'
        ? createOutboxSmsSender(path.join(dataDir, 'sms-outbox.log'), log)
        : unconfigured('短信服务'));
  const email: EmailSender = config.smtp
    ? createSmtpEmailSender(config.smtp)
    : config.devSinks
      ? createOutboxEmailSender(path.join(dataDir, 'mail-outbox.log'), log)
      : unconfigured('邮件服务');
  return {
    sms: smsSender,
    async send({ channel, to, subject, text }) {
      if (channel === 'sms') await smsSender.send(to, text);
      else await email.send(to, subject, text);
    },
  };
}
