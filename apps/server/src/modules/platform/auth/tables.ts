import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysUser } from '../system/tables.ts';

/** One row per issued token: revocable (logout, force logout) and expiring after inactivity. */
export const sysSession = pgTable(
  'sys_session',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    loginType: text('login_type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sys_session_user_idx').on(t.userId), index('sys_session_active_idx').on(t.lastSeenAt)],
);

/** Codes from the SMS sender; the development sender only writes here and to the log. */
export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    code: text('code').notNull(),
    purpose: text('purpose').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sys_sms_code_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Fixed-window counters of the login and SMS guards (failures per username and per source, sends per number and per
 * source per day). One INSERT … ON CONFLICT DO UPDATE … RETURNING counts, so concurrent requests never read a
 * stale number; every instance shares them through the database.
 */
export const sysAuthCounter = pgTable(
  'sys_auth_counter',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_auth_counter_expires_idx').on(t.expiresAt)],
);

/** Single-use proofs that a person is at the keyboard (the slider today; a captcha plugs in beside it). */
export const sysHumanProof = pgTable(
  'sys_human_proof',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    ip: text('ip'),
    /** Image captchas only: a digest of the answer (modules/platform/auth/captcha.ts). */
    answerDigest: text('answer_digest'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_human_proof_expires_idx').on(t.expiresAt)],
);

/**
 * The account wizards' first verification (issue 18 §1): a short-lived, single-use ticket bound to one user and
 * one purpose (`forget`, `alter`). Only the SHA-256 of the ticket is stored.
 */
export const sysWizardTicket = pgTable(
  'sys_wizard_ticket',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sys_wizard_ticket_expires_idx').on(t.expiresAt), index('sys_wizard_ticket_user_idx').on(t.userId)],
);
