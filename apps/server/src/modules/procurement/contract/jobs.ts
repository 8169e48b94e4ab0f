import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { JobHandler } from '../../platform/quartz/handlers/types.ts';
import { escapeHtml, sendBellMessage } from '../bid/letters.ts';

/** Days after the award (award_time) by which the package should have a signed contract. */
export const UNSIGNED_REMINDER_DAYS = 30;
/** The bell message's bus_type: with bus_id = the package id it is also the record that keeps the reminder once. */
export const UNSIGNED_BUS_TYPE = 'contract_unsigned';

const limitOf = (parameter: string | null) => {
  const n = Number(parameter);
  return Number.isInteger(n) && n > 0 && n <= 1000 ? n : 200;
};

type Due = { id: string; tenant_id: number; purchase_name: string; package_name: string; user_ids: string[] | null };

/**
 * Awarded packages (stage 12) without a signed contract (both signatures) `UNSIGNED_REMINDER_DAYS` after the award:
 * one bell message to the buyer who made the package (or its project). "Once per package" is kept by the message
 * itself: a package with a sys_announcement of bus_type contract_unsigned is never picked again.
 */
export async function remindUnsignedAwards(db: Db, now: Date, limit: number): Promise<number> {
  const due = await db.execute<Due>(sql`
    SELECT p.id, p.tenant_id, p.purchase_name, p.package_name,
      (SELECT array_agg(u.id::text) FROM sys_user u
        WHERE u.username IN (p.create_by, j.create_by) AND u.del_flag = 0) AS user_ids
    FROM purchase_package p JOIN purchase_project j ON j.id = p.project_id
    WHERE p.purchase_stage = 12 AND p.status = 'active' AND p.award_time IS NOT NULL
      AND p.award_time <= ${now.toISOString()}::timestamptz - make_interval(days => ${UNSIGNED_REMINDER_DAYS})
      AND NOT EXISTS (SELECT 1 FROM contract c WHERE c.package_id = p.id
        AND c.buyer_signed_at IS NOT NULL AND c.supplier_signed_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM sys_announcement a WHERE a.bus_type = ${UNSIGNED_BUS_TYPE} AND a.bus_id = p.id::text)
    ORDER BY p.award_time LIMIT ${limit}`);
  let sent = 0;
  for (const p of due.rows) {
    const subject = `${p.purchase_name}（${p.package_name}）`;
    const title = `合同未签订提醒：${subject}`;
    const id = await db.transaction((tx) =>
      sendBellMessage(tx, {
        tenantId: p.tenant_id,
        userIds: p.user_ids ?? [],
        title,
        html: `<p>${escapeHtml(subject)}已定标${UNSIGNED_REMINDER_DAYS}天，尚未签订合同，请尽快起草并签订合同。</p>`,
        abstract: title,
        busType: UNSIGNED_BUS_TYPE,
        busId: p.id,
        openPage: '/contract/list',
      }),
    );
    if (id) sent++;
  }
  return sent;
}

/** Contracts in 质保期 whose warranty ended before today (Beijing): closed (关闭). */
export async function closeEndedWarranties(db: Db): Promise<number> {
  const r = await db.execute(sql`
    UPDATE contract SET state = 'closed', closed_at = now(), update_by = 'system', update_time = now()
    WHERE state = 'warranty' AND warranty_end IS NOT NULL AND warranty_end < (now() AT TIME ZONE 'Asia/Shanghai')::date`);
  return r.rowCount ?? 0;
}

export function contractJobs(): JobHandler[] {
  return [
    {
      name: 'contractUnsignedReminder',
      title: '定标30天未签订合同提醒',
      parameterHint: '每次最多提醒的标包数，默认200',
      async run({ db, parameter, fireTime }) {
        return `提醒 ${await remindUnsignedAwards(db, fireTime, limitOf(parameter))} 个标包`;
      },
    },
    {
      name: 'contractWarrantyClose',
      title: '质保期满关闭合同',
      parameterHint: '无',
      async run({ db }) {
        return `关闭 ${await closeEndedWarranties(db)} 份合同`;
      },
    },
  ];
}
