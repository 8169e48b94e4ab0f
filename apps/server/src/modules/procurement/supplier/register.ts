import crypto from 'node:crypto';
import {
  APPROVAL_STATUS,
  certificateState,
  formatDate,
  SUPPLIER_MESSAGES as M,
  SUPPLIER_LIMITS,
  SUPPLIER_STATUS,
  type SupplierDto,
  type SupplierProfileInput,
  type SupplierRegisterInput,
  type UploadedFileDto,
} from '@aps/shared';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { hashPassword, takeSmsCode } from '../../platform/auth/service.ts';
import type { Actor } from '../../platform/dict/kit.ts';
import type { FileService, IncomingFile } from '../../platform/file/service.ts';
import { sysFile } from '../../platform/file/tables.ts';
import { uniqueViolation } from '../../platform/permission/pg-errors.ts';
import type { JobHandler } from '../../platform/quartz/handlers/index.ts';
import { sysRole, sysUser, sysUserRole, sysUserTenant } from '../../platform/system/tables.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';
import { actorName, type WorkflowPort, type WorkflowStatusEvent } from '../workflow-port.ts';
import { checkProfile, profileValues, recordStatus, toSupplierDto } from './records.ts';
import { supplier, supplierCertificate, supplierStatusHistory, supplierUser } from './tables.ts';

/** Self-registration lands in this tenant (the platform's purchasing organisation; one registration desk). */
export const REGISTER_TENANT_ID = 1;
/** The biz folder of registration uploads; their create_by is the registration's owner id (registerOwner). */
export const REGISTER_UPLOAD_BIZ = 'supplier-register';
/** An unsubmitted registration's uploads are kept this long (a wizard left open over night still submits). */
export const REGISTER_UPLOAD_TTL_HOURS = 48;
/** The role a registered supplier user gets (the seeded supplier role: portal, sign-up, bids). */
export const SUPPLIER_ROLE_CODE = 'supplier';
const ADMISSION = 'supplier_admission';

/**
 * The owner id of a registration's uploads: a UUID derived from the browser's secret token, so only the holder of
 * the token can attach those files to its registration; the submission then hands them to the new user.
 */
export function registerOwner(token: string): string {
  const h = crypto.createHash('sha256').update(`supplier-register:${token}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export interface RegisterStatus {
  supplier: SupplierDto;
  /** The admission's last rejection reason while the registration waits to be resubmitted. */
  rejectReason: string | null;
}

export interface SupplierRegisterService {
  /** The supplier_admission completion of a registration (registered by the standing service, see there). */
  onAdmissionStatus(tx: Db, event: WorkflowStatusEvent): Promise<void>;
  upload(token: string, file: IncomingFile): Promise<UploadedFileDto>;
  /** Removes registration uploads never claimed by a submission (older than REGISTER_UPLOAD_TTL_HOURS). */
  purgeUnclaimedUploads(now?: Date): Promise<number>;
  submit(input: SupplierRegisterInput): Promise<{ username: string; supplierId: string }>;
  /** The signed-in supplier user's registration (status, rejection reason). */
  status(actor: Actor): Promise<RegisterStatus>;
  resubmit(actor: Actor, input: SupplierProfileInput): Promise<RegisterStatus>;
}

export function createSupplierRegisterService({
  db,
  files,
  workflow,
}: {
  db: Db;
  files: FileService;
  workflow: WorkflowPort;
}): SupplierRegisterService {
  /**
   * The admission decides in the deciding task's transaction: approved → 准入 and the user informed. The engine
   * keeps one handler per business type, and the portal's change requests share supplier_admission, so the
   * standing service registers the handler and calls this for keys that are not change requests (services.ts).
   */
  const admission = {
    async onStatus(q: Db, event: WorkflowStatusEvent) {
      const tx = q as unknown as Tx;
      const [s] = await tx
        .select()
        .from(supplier)
        .where(and(eq(supplier.id, event.businessKey), eq(supplier.tenantId, event.tenantId)))
        .for('update');
      if (!s) return;
      const actor = actorName(event.actor);
      const approved = event.outcome === 'approved' && s.status === SUPPLIER_STATUS.pending;
      await tx
        .update(supplier)
        .set({
          approvalStatus: String(event.approvalStatus),
          ...(approved ? { status: SUPPLIER_STATUS.admitted, admittedTime: new Date() } : {}),
          updateTime: new Date(),
        })
        .where(eq(supplier.id, s.id));
      if (!approved && event.outcome !== 'rejected') return;
      const reason = approved ? '准入审批通过' : `准入驳回：${event.comment || '未填写原因'}`;
      await recordStatus(tx, {
        tenantId: s.tenantId,
        supplierId: s.id,
        from: s.status,
        to: approved ? SUPPLIER_STATUS.admitted : s.status,
        reason,
        actor,
      });
      const users = await tx
        .select({ userId: supplierUser.userId })
        .from(supplierUser)
        .where(eq(supplierUser.supplierId, s.id));
      const title = approved ? '供应商准入审核已通过' : '供应商准入审核未通过';
      const text = approved
        ? `贵公司「${s.name}」已通过准入审核，可以报名参与采购项目。`
        : `贵公司「${s.name}」的准入审核未通过（${event.comment || '未填写原因'}），请修改注册信息后重新提交。`;
      await sendBellMessage(tx, {
        tenantId: s.tenantId,
        userIds: users.map((u) => u.userId),
        title,
        html: `<p>${escapeHtml(text)}</p>`,
        abstract: text,
        busType: ADMISSION,
        busId: s.id,
      });
    },
  };

  async function ownSupplier(q: Db | Tx, actor: Actor, lock = false) {
    const base = q
      .select({ s: supplier })
      .from(supplierUser)
      .innerJoin(supplier, eq(supplier.id, supplierUser.supplierId))
      .where(
        and(eq(supplierUser.userId, actor.userId), eq(supplierUser.tenantId, actor.tenantId), eq(supplier.delFlag, 0)),
      );
    const [row] = lock ? await base.for('update', { of: supplier }) : await base;
    if (!row) throw notFound(M.notFound);
    return row.s;
  }

  async function statusOf(q: Db | Tx, s: typeof supplier.$inferSelect): Promise<RegisterStatus> {
    let rejectReason: string | null = null;
    if (s.status === SUPPLIER_STATUS.pending && s.approvalStatus === String(APPROVAL_STATUS.rejected)) {
      const [last] = await q
        .select({ reason: supplierStatusHistory.reason })
        .from(supplierStatusHistory)
        .where(eq(supplierStatusHistory.supplierId, s.id))
        .orderBy(desc(supplierStatusHistory.createTime))
        .limit(1);
      rejectReason = last?.reason ?? null;
    }
    return { supplier: toSupplierDto(s), rejectReason };
  }

  /** The certificate files must be uploads of this registration (owner = the token's id), not yet claimed. */
  async function claimFiles(tx: Tx, token: string, userId: string, input: SupplierRegisterInput) {
    const ids = [...new Set(input.certificates.flatMap((c) => c.files.map((f) => f.fileId)))];
    if (ids.length === 0) return new Map<string, typeof sysFile.$inferSelect>();
    const rows = await tx
      .update(sysFile)
      .set({ createBy: userId })
      .where(
        and(
          inArray(sysFile.id, ids),
          eq(sysFile.tenantId, REGISTER_TENANT_ID),
          eq(sysFile.biz, REGISTER_UPLOAD_BIZ),
          eq(sysFile.createBy, registerOwner(token)),
        ),
      )
      .returning();
    if (rows.length !== ids.length) throw badRequest('资质证书文件无效，请重新上传');
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    onAdmissionStatus: (tx, event) => admission.onStatus(tx, event),
    upload(token, file) {
      return files.upload(
        { tenantId: REGISTER_TENANT_ID, userId: registerOwner(token) },
        { ...file, biz: REGISTER_UPLOAD_BIZ },
      );
    },

    purgeUnclaimedUploads(now = new Date()) {
      // Claimed files belong to the new supplier user (claimFiles); a token's files are owned by no user.
      return files.purge(
        and(
          eq(sysFile.tenantId, REGISTER_TENANT_ID),
          eq(sysFile.biz, REGISTER_UPLOAD_BIZ),
          lt(sysFile.createTime, new Date(now.getTime() - REGISTER_UPLOAD_TTL_HOURS * 3_600_000)),
          sql`NOT EXISTS (SELECT 1 FROM sys_user u WHERE u.id = ${sysFile.createBy})`,
        ) as SQL,
      );
    },

    async submit(input) {
      const tenantId = REGISTER_TENANT_ID;
      const passwordHash = await hashPassword(input.password);
      const run = db.transaction(async (tx) => {
        // The code first: only the phone's owner learns whether the account or the company is already known.
        if (!(await takeSmsCode(db, tx, input.contactPhone, 'register', input.smsCode))) {
          throw badRequest(M.smsCodeInvalid);
        }
        const [clash] = await tx
          .select({ username: sysUser.username })
          .from(sysUser)
          .where(or(eq(sysUser.username, input.username), eq(sysUser.phone, input.contactPhone)));
        if (clash) throw badRequest(clash.username === input.username ? '该用户名已注册' : M.phoneTaken);
        await checkProfile(tx, tenantId, input);
        const [role] = await tx
          .select({ id: sysRole.id })
          .from(sysRole)
          .where(and(eq(sysRole.tenantId, tenantId), eq(sysRole.roleCode, SUPPLIER_ROLE_CODE)));
        const [user] = await tx
          .insert(sysUser)
          .values({
            username: input.username,
            realname: input.contactName,
            passwordHash,
            phone: input.contactPhone,
            email: input.contactEmail,
            userType: '3',
            userEnd: '3',
            post: '供应商联系人',
          })
          .returning({ id: sysUser.id });
        const userId = (user as { id: string }).id;
        await tx.insert(sysUserTenant).values({ userId, tenantId });
        if (role) await tx.insert(sysUserRole).values({ userId, roleId: role.id });
        const [row] = await tx
          .insert(supplier)
          .values({
            tenantId,
            ...profileValues(input),
            status: SUPPLIER_STATUS.pending,
            approvalStatus: String(APPROVAL_STATUS.draft),
            registeredBy: userId,
            registerTime: new Date(),
            createBy: input.username,
          })
          .returning();
        const s = row as typeof supplier.$inferSelect;
        await tx.insert(supplierUser).values({ tenantId, userId, supplierId: s.id });
        const claimed = await claimFiles(tx, input.registerToken, userId, input);
        const today = formatDate(new Date()) as string;
        if (input.certificates.length) {
          await tx.insert(supplierCertificate).values(
            input.certificates.map((c) => ({
              tenantId,
              supplierId: s.id,
              kind: c.kind,
              name: c.name,
              number: c.number,
              issuer: c.issuer,
              validFrom: c.validFrom,
              expiresOn: c.expiresOn,
              // What the server stored, not what the browser said.
              files: c.files.map((f) => {
                const r = claimed.get(f.fileId) as typeof sysFile.$inferSelect;
                return { fileId: r.id, filePath: r.storageKey, fileName: r.fileName, fileSize: r.size };
              }),
              state: certificateState(c.expiresOn, today, SUPPLIER_LIMITS.certificateExpiringDays),
              createBy: input.username,
            })),
          );
        }
        await recordStatus(tx, {
          tenantId,
          supplierId: s.id,
          from: null,
          to: SUPPLIER_STATUS.pending,
          reason: '供应商自助注册',
          actor: input.username,
        });
        const started = await workflow.start(tx as unknown as Db, {
          tenantId,
          initiator: { id: userId, username: input.username },
          businessType: ADMISSION,
          businessKey: s.id,
          title: `供应商准入「${s.name}」`,
          variables: { creditCode: s.creditCode, categories: s.categories.join(',') },
        });
        const [now] = await tx.select().from(supplier).where(eq(supplier.id, s.id));
        await tx
          .update(supplier)
          .set({
            instanceId: started.instanceId,
            ...(now?.approvalStatus === String(APPROVAL_STATUS.draft)
              ? { approvalStatus: String(started.approvalStatus) }
              : {}),
          })
          .where(eq(supplier.id, s.id));
        return { username: input.username, supplierId: s.id };
      });
      // Two registrations racing past the checks: the unique index decides, with the same messages.
      return run.catch((err: unknown) => {
        const taken = uniqueViolation(err)?.constraint;
        if (!taken) throw err;
        throw badRequest(
          taken.startsWith('supplier_credit')
            ? M.creditCodeTaken
            : taken.includes('phone')
              ? M.phoneTaken
              : '该用户名已注册',
        );
      });
    },

    async status(actor) {
      return statusOf(db, await ownSupplier(db, actor));
    },

    async resubmit(actor, input) {
      return db.transaction(async (tx) => {
        const s = await ownSupplier(tx, actor, true);
        if (s.status !== SUPPLIER_STATUS.pending || s.approvalStatus !== String(APPROVAL_STATUS.rejected)) {
          throw badRequest('注册信息不在驳回状态，不能重新提交');
        }
        await checkProfile(tx, s.tenantId, input, s.id);
        await tx
          .update(supplier)
          .set({ ...profileValues(input), updateTime: new Date() })
          .where(eq(supplier.id, s.id));
        const started = await workflow.resubmit(tx as unknown as Db, {
          tenantId: s.tenantId,
          actor: { id: actor.userId, username: actor.username },
          businessType: ADMISSION,
          businessKey: s.id,
        });
        const [now] = await tx.select().from(supplier).where(eq(supplier.id, s.id));
        if (now?.approvalStatus === String(APPROVAL_STATUS.rejected)) {
          await tx
            .update(supplier)
            .set({ approvalStatus: String(started.approvalStatus) })
            .where(eq(supplier.id, s.id));
        }
        await recordStatus(tx, {
          tenantId: s.tenantId,
          supplierId: s.id,
          from: s.status,
          to: s.status,
          reason: '修改注册信息后重新提交准入审核',
          actor: actor.username,
        });
        return statusOf(tx, (await ownSupplier(tx, actor)) as typeof supplier.$inferSelect);
      });
    },
  };
}

/** The daily clean-up of registration uploads nobody submitted (registered in services.ts, seeded in QUARTZ_SEED). */
export const registerUploadPurgeJob = (
  register: Pick<SupplierRegisterService, 'purgeUnclaimedUploads'>,
): JobHandler => ({
  name: 'supplierRegisterUploadPurge',
  title: '清理未提交的供应商注册附件',
  parameterHint: '无',
  async run({ fireTime }) {
    return `清理 ${await register.purgeUnclaimedUploads(fireTime)} 个文件`;
  },
});
