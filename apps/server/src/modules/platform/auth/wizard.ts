import crypto from 'node:crypto';
import {
  type AccountCodeInput,
  type AccountVerifyInput,
  type AlterConfirmInput,
  type AlterNewCodeInput,
  type AlterVerifyInput,
  type ForgetResetInput,
  HUMAN_PROOF,
  WIZARD_MESSAGES as M,
  REGISTERED_ROLE_CODE,
  type UserRegisterInput,
  type UserRegisterResult,
  WIZARD_TICKET_TTL_MS,
  type WizardTicketResult,
} from '@aps/shared';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../../core/envelope.ts';
import type { Db } from '../../../db/client.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysRole, sysUser, sysUserRole, sysUserTenant } from '../system/tables.ts';
import type { VerificationCodes } from './codes.ts';
import type { HumanProof } from './human-proof.ts';
import { maskEmail } from './senders/message-sender.ts';
import { hashPassword, sourceOf } from './service.ts';
import type { SessionStore } from './session.ts';
import { maskPhone } from './sms.ts';
import { sysWizardTicket } from './tables.ts';
import {
  type AuthCounters,
  counterKeys,
  LOGIN_FREE_FAILURES,
  LOGIN_WINDOW_MS,
  SMS_DAY_MS,
  SMS_LIMITS,
} from './throttle.ts';

/** Self-registered people land in this tenant (the platform's organisation; the supplier desk is the same). */
export const REGISTER_TENANT_ID = 1;

type TicketPurpose = 'forget' | 'alter';

interface Client {
  ip: string;
}

export interface AccountWizardService {
  register(input: UserRegisterInput): Promise<UserRegisterResult>;
  /** A code to the account's bound phone; the same answer whether or not the account exists or has a phone. */
  sendAccountCode(purpose: TicketPurpose, input: AccountCodeInput, client: Client): Promise<void>;
  verifyAccountCode(purpose: TicketPurpose, input: AccountVerifyInput): Promise<WizardTicketResult>;
  resetPassword(input: ForgetResetInput): Promise<void>;
  verifyForAlteration(input: AlterVerifyInput): Promise<WizardTicketResult>;
  sendNewTargetCode(input: AlterNewCodeInput, client: Client): Promise<void>;
  confirmAlteration(input: AlterConfirmInput): Promise<void>;
}

const digest = (ticket: string) => crypto.createHash('sha256').update(ticket).digest('hex');
// Verifying against a fixed hash when the user does not exist keeps response time from revealing usernames.
const DUMMY_HASH = hash('aps-wizard-dummy-password');
/** The code purpose of a new phone or address: bound to the user whose ticket asked for it. */
const alterPurpose = (channel: 'phone' | 'email', userId: string) => `alter-${channel}:${userId}`;

export function createAccountWizardService({
  db,
  codes,
  proof,
  counters,
  sessions,
  throttleExempt,
  onSendError,
}: {
  db: Db;
  codes: VerificationCodes;
  proof: HumanProof;
  counters: AuthCounters;
  sessions: Pick<SessionStore, 'revokeAllForUser'>;
  throttleExempt: readonly string[];
  onSendError: (err: unknown) => void;
}): AccountWizardService {
  const exempt = new Set(throttleExempt);
  const sourceHit = (ip: string) => async () =>
    exempt.has(ip) ? 0 : counters.hit(counterKeys.smsSource(sourceOf(ip)), SMS_DAY_MS);

  async function requireProof(input: { captcha?: string | undefined; checkKey?: string | undefined }, ip: string) {
    if (!(await proof.verifyHumanProof(input, ip))) throw new ApiError(HUMAN_PROOF.status, HUMAN_PROOF.smsMessage);
  }

  async function activeUser(username: string) {
    const [user] = await db
      .select({ id: sysUser.id, phone: sysUser.phone, email: sysUser.email, passwordHash: sysUser.passwordHash })
      .from(sysUser)
      .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0), eq(sysUser.status, 1)));
    return user;
  }

  async function issueTicket(user: { id: string; phone: string | null; email: string | null }, purpose: TicketPurpose) {
    const ticket = crypto.randomBytes(32).toString('base64url');
    await db.delete(sysWizardTicket).where(sql`${sysWizardTicket.expiresAt} < now()`);
    await db.insert(sysWizardTicket).values({
      id: digest(ticket),
      userId: user.id,
      purpose,
      expiresAt: new Date(Date.now() + WIZARD_TICKET_TTL_MS),
    });
    const result: WizardTicketResult = {
      ticket,
      expiresIn: WIZARD_TICKET_TTL_MS / 1000,
      phone: user.phone ? maskPhone(user.phone) : null,
      email: user.email ? maskEmail(user.email) : null,
    };
    return result;
  }

  const live = (ticket: string, purpose: TicketPurpose) =>
    and(
      eq(sysWizardTicket.id, digest(ticket)),
      eq(sysWizardTicket.purpose, purpose),
      gt(sysWizardTicket.expiresAt, sql`now()`),
    );

  async function peekTicket(q: Db, ticket: string, purpose: TicketPurpose): Promise<string> {
    const [row] = await q.select({ userId: sysWizardTicket.userId }).from(sysWizardTicket).where(live(ticket, purpose));
    if (!row) throw badRequest(M.ticketInvalid);
    return row.userId;
  }

  /** Single use: of two requests with one ticket, one deletes it. */
  async function consumeTicket(q: Db, ticket: string, purpose: TicketPurpose): Promise<string> {
    const [row] = await q
      .delete(sysWizardTicket)
      .where(live(ticket, purpose))
      .returning({ userId: sysWizardTicket.userId });
    if (!row) throw badRequest(M.ticketInvalid);
    return row.userId;
  }

  return {
    async register(input) {
      const passwordHash = await hashPassword(input.password);
      const run = db.transaction(async (tx) => {
        // The code first: only the phone's owner learns whether the account or the phone is already known.
        if (!(await codes.take(tx, input.phone, 'register', input.smsCode))) throw badRequest(M.codeWrong);
        const [clash] = await tx
          .select({ username: sysUser.username })
          .from(sysUser)
          .where(or(eq(sysUser.username, input.username), eq(sysUser.phone, input.phone)));
        if (clash) throw badRequest(clash.username === input.username ? M.usernameTaken : M.phoneTaken);
        const [user] = await tx
          .insert(sysUser)
          .values({ username: input.username, realname: input.username, passwordHash, phone: input.phone })
          .returning({ id: sysUser.id });
        const userId = (user as { id: string }).id;
        await tx.insert(sysUserTenant).values({ userId, tenantId: REGISTER_TENANT_ID });
        const [role] = await tx
          .select({ id: sysRole.id })
          .from(sysRole)
          .where(and(eq(sysRole.tenantId, REGISTER_TENANT_ID), eq(sysRole.roleCode, REGISTERED_ROLE_CODE)));
        if (role) await tx.insert(sysUserRole).values({ userId, roleId: role.id });
        return { username: input.username };
      });
      // Two registrations racing past the check: the unique index decides, with the same messages.
      return run.catch((err: unknown) => {
        const taken = uniqueViolation(err)?.constraint;
        if (taken === undefined) throw err;
        throw badRequest(taken.includes('phone') ? M.phoneTaken : M.usernameTaken);
      });
    },

    async sendAccountCode(purpose, { username, captcha, checkKey }, client) {
      await requireProof({ captcha, checkKey }, client.ip);
      const user = await activeUser(username);
      // The pause is keyed by the account as typed, so a known and an unknown name answer alike.
      const resendKey = `wizard:resend:${purpose}:${username}`;
      if (user?.phone) {
        await codes.issue({
          channel: 'sms',
          target: user.phone,
          purpose,
          resendKey,
          sourceHit: sourceHit(client.ip),
          detached: onSendError,
        });
        return;
      }
      if ((await counters.hit(resendKey, SMS_LIMITS.resendMs)) > 1) throw new ApiError(429, M.codeTooSoon);
      await sourceHit(client.ip)();
    },

    async verifyAccountCode(purpose, { username, smsCode }) {
      const user = await activeUser(username);
      // An unknown account takes a code of a target nobody has: the same queries, the same answer.
      const ok = await codes.take(db, user?.phone ?? `unknown:${username}`, purpose, smsCode);
      if (!user || !ok) throw badRequest(M.codeWrong);
      return issueTicket(user, purpose);
    },

    async resetPassword({ ticket, password }) {
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const id = await consumeTicket(tx as unknown as Db, ticket, 'forget');
        await tx.update(sysUser).set({ passwordHash, updateTime: new Date() }).where(eq(sysUser.id, id));
        return id;
      });
      // Whoever held the old password is signed out everywhere.
      await sessions.revokeAllForUser(userId, 'password reset (forget)');
    },

    async verifyForAlteration(input) {
      if (input.method === 'sms') return this.verifyAccountCode('alter', input);
      const key = `wizard:alter:password:${input.username}`;
      if ((await counters.hit(key, LOGIN_WINDOW_MS)) > LOGIN_FREE_FAILURES.account) {
        throw new ApiError(429, M.tooManyTries);
      }
      const user = await activeUser(input.username);
      const matches = await verify(user?.passwordHash ?? (await DUMMY_HASH), input.password).catch(() => false);
      if (!user || !matches) throw badRequest(M.badCredentials);
      await counters.reset(key);
      return issueTicket(user, 'alter');
    },

    async sendNewTargetCode({ ticket, channel, target, captcha, checkKey }, client) {
      await requireProof({ captcha, checkKey }, client.ip);
      const userId = await peekTicket(db, ticket, 'alter');
      await assertFree(db, userId, channel, target);
      await codes.issue({
        channel: channel === 'phone' ? 'sms' : 'email',
        target,
        purpose: alterPurpose(channel, userId),
        sourceHit: sourceHit(client.ip),
      });
    },

    async confirmAlteration({ ticket, channel, target, code }) {
      const userId = await peekTicket(db, ticket, 'alter');
      const run = db.transaction(async (tx) => {
        const q = tx as unknown as Db;
        // Both verifications, then the write: the ticket (the current phone or password) and the new target's code.
        if (!(await codes.take(tx, target, alterPurpose(channel, userId), code))) throw badRequest(M.codeWrong);
        if ((await consumeTicket(q, ticket, 'alter')) !== userId) throw badRequest(M.ticketInvalid);
        await assertFree(q, userId, channel, target);
        await tx
          .update(sysUser)
          .set({ ...(channel === 'phone' ? { phone: target } : { email: target }), updateTime: new Date() })
          .where(eq(sysUser.id, userId));
      });
      await run.catch((err: unknown) => {
        if (uniqueViolation(err)) throw badRequest(channel === 'phone' ? M.phoneBound : M.emailBound);
        throw err;
      });
    },
  };
}

/** The new phone or address must be another than the current one and nobody else's. */
async function assertFree(q: Db, userId: string, channel: 'phone' | 'email', target: string) {
  const column = channel === 'phone' ? sysUser.phone : sysUser.email;
  const [me] = await q.select({ value: column }).from(sysUser).where(eq(sysUser.id, userId));
  if (me?.value === target) throw badRequest(M.sameAsCurrent);
  const [other] = await q
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(column, target), ne(sysUser.id, userId), eq(sysUser.delFlag, 0)));
  if (other) throw badRequest(channel === 'phone' ? M.phoneBound : M.emailBound);
}
