import { SUPPLIER_STATUS } from '@aps/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { purchaseSignUp } from '../modules/procurement/bid/tables.ts';
import { purchaseNotice } from '../modules/procurement/notice/tables.ts';
import { purchasePackage } from '../modules/procurement/project/tables.ts';
import { supplier, supplierUser } from '../modules/procurement/supplier/tables.ts';
import { seedId } from './ids.ts';

/** Demo suppliers of tenant 1 and the supplier users (userEnd 3) who act for them. */
export const SUPPLIERS = [
  {
    key: 'huadong',
    name: '华东建设工程有限公司',
    creditCode: '91310000MA1FL0001A',
    contactName: '孙志强',
    contactPhone: '13800000006',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier01'],
  },
  {
    key: 'zhongtai',
    name: '中泰物资贸易有限公司',
    creditCode: '91320000MA1FL0002B',
    contactName: '吴海燕',
    contactPhone: '13800000021',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier02'],
  },
  {
    key: 'xinyuan',
    name: '鑫源劳务服务有限公司',
    creditCode: '91330000MA1FL0003C',
    contactName: '郑国华',
    contactPhone: '13800000022',
    status: SUPPLIER_STATUS.admitted,
    users: ['supplier03'],
  },
] as const;

export const supplierSeedId = (key: string) => seedId(`supplier:1:${key}`);

export async function seedSuppliers(tx: Tx, usernames: ReadonlySet<string>) {
  for (const s of SUPPLIERS) {
    await tx
      .insert(supplier)
      .values({
        id: supplierSeedId(s.key),
        tenantId: 1,
        name: s.name,
        creditCode: s.creditCode,
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        status: s.status,
        createBy: 'admin',
      })
      .onConflictDoNothing();
    const users = s.users.filter((u) => usernames.has(u));
    if (users.length === 0) continue;
    await tx
      .insert(supplierUser)
      .values(users.map((u) => ({ tenantId: 1, userId: seedId(`user:${u}`), supplierId: supplierSeedId(s.key) })))
      .onConflictDoNothing();
  }
}

/**
 * Notices and sign-ups of the demo packages (seed/procurement.ts): a published 采购公告 for every package past stage
 * 1, 流标公告 / 结果公示 where the package is there, and sign-ups of the demo suppliers. A stage-2 package keeps
 * 鑫源劳务 (supplier03) unsigned, so a demo can sign up from the notice. Bids are not seeded: a quotation exists
 * only sealed under the running server's key, so bids come from the suppliers themselves.
 */
export async function seedBidding(tx: Tx, packages: readonly { key: string; stage: number; election?: string }[]) {
  const suppliers = SUPPLIERS.map((s) => ({ ...s, id: supplierSeedId(s.key) }));
  for (const p of packages) {
    if (p.stage < 2) continue;
    const packageId = seedId(`package:1:${p.key}`);
    const [pkg] = await tx
      .select({
        org: purchasePackage.sysOrgCode,
        name: purchasePackage.packageName,
        title: purchasePackage.purchaseName,
      })
      .from(purchasePackage)
      .where(eq(purchasePackage.id, packageId));
    if (!pkg) continue;
    const notices: { type: string; title: string; content: string }[] = [
      {
        type: 'purchase',
        title: `${pkg.title}（${pkg.name}）采购公告`,
        content: `<p>${pkg.title}（${pkg.name}）现公开采购，欢迎符合条件的供应商在报名时间内报名并递交响应文件。</p>`,
      },
    ];
    if (p.election === '0') {
      notices.push({
        type: 'failed',
        title: `${pkg.title}（${pkg.name}）流标公告`,
        content: '<p>有效投标人不足三家，本标包流标，将重新组织采购。</p>',
      });
    } else if (p.stage >= 11) {
      notices.push({
        type: 'result',
        title: `${pkg.title}（${pkg.name}）结果公示`,
        content: '<p>评审结束，现将推荐的中标候选人公示如下，公示期三天。</p>',
      });
    }
    for (const n of notices) {
      await tx
        .insert(purchaseNotice)
        .values({
          id: seedId(`notice:${packageId}:${n.type}`),
          tenantId: 1,
          packageId,
          sysOrgCode: pkg.org,
          noticeType: n.type,
          title: n.title,
          content: n.content,
          status: '1',
          publishTime: new Date(),
          publishBy: 'buyer01',
          createBy: 'buyer01',
        })
        .onConflictDoNothing();
    }
    const signers = p.stage === 2 ? suppliers.slice(0, 2) : suppliers;
    for (const s of signers) {
      await tx
        .insert(purchaseSignUp)
        .values({
          id: seedId(`sign-up:${packageId}:${s.key}`),
          tenantId: 1,
          packageId,
          supplierId: s.id,
          userId: seedId(`user:${s.users[0]}`),
        })
        .onConflictDoNothing();
    }
  }
}
