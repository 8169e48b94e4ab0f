import { z } from 'zod';

/**
 * Where verification codes go (issue 18 §1), from the environment:
 * - SMS_PROVIDER: `outbox` (development: DATA_DIR/sms-outbox.log) or `webhook` (a generic HTTP gateway: POST
 *   SMS_WEBHOOK_URL with JSON `{ phone, message }`, `Authorization: Bearer SMS_WEBHOOK_TOKEN` when set). Default:
 *   outbox outside production; production must choose.
 * - SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465) or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS,
 *   SMTP_SECURE; SMTP_FROM the sender address. Without SMTP, e-mail goes to DATA_DIR/mail-outbox.log outside
 *   production.
 */
const messagingEnvSchema = z.object({
  SMS_PROVIDER: z.enum(['outbox', 'webhook']).optional(),
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: z.enum(['0', '1']).optional(),
  SMTP_FROM: z.string().optional(),
});

export interface SmtpSettings {
  url?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  user?: string | undefined;
  pass?: string | undefined;
  secure: boolean;
  from: string;
}

export interface MessagingConfig {
  sms: { provider: 'outbox' } | { provider: 'webhook'; url: string; token: string | undefined } | null;
  smtp: SmtpSettings | null;
  /** Outside production, e-mail without SMTP goes to the development outbox. */
  devSinks: boolean;
}

export function loadMessagingConfig(env: NodeJS.ProcessEnv, production: boolean): MessagingConfig {
  const parsed = messagingEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`配置有误:\n${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const provider = e.SMS_PROVIDER ?? (production ? undefined : 'outbox');
  if (provider === 'webhook' && !e.SMS_WEBHOOK_URL) {
    throw new Error('配置有误:\nSMS_WEBHOOK_URL: SMS_PROVIDER=webhook 时必须设置');
  }
  const sms: MessagingConfig['sms'] =
    provider === 'webhook'
      ? { provider, url: e.SMS_WEBHOOK_URL as string, token: e.SMS_WEBHOOK_TOKEN }
      : provider === 'outbox'
        ? { provider }
        : null;
  const smtp =
    e.SMTP_URL || e.SMTP_HOST
      ? {
          url: e.SMTP_URL,
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
          secure: e.SMTP_SECURE === '1',
          from: e.SMTP_FROM ?? 'APS <no-reply@localhost>',
        }
      : null;
  return { sms, smtp, devSinks: !production };
}
