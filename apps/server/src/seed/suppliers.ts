import { certificateState, SUPPLIER_LIMITS, SUPPLIER_STATUS } from '@aps/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { purchaseSignUp } from '../modules/procurement/bid/tables.ts';
import { purchaseNotice } from '../modules/procurement/notice/tables.ts';
import { purchasePackage } from '../modules/procurement/project/tables.ts';
import {
  supplier,
  supplierBlacklist,
  supplierCertificate,
  supplierStatusHistory,
  supplierUser,
} from '../modules/procurement/supplier/tables.ts';
import { seedId } from './ids.ts';

/** Demo suppliers of tenant 1 and the supplier users (userEnd 3) who act for them. */
export const SUPPLIERS = [
  {
    key: 'huadong',
    name: '华东建设工程有限公司',
    creditCode: '91310000MA1FL0001R',
    legalRepresentative: '孙建国',
    address: '上海市浦东新区世纪大道100号',
    contactName: '孙志强',
    contactPhone: '13800000006',
    contactEmail: 'huadong@example.com',
    categories: ['A01A01', 'A01A02', 'A03A01'],
    bankName: '中国建设银行上海浦东支行',
    bankAccount: '6217001210000000011',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier01'],
  },
  {
    key: 'zhongtai',
    name: '中泰物资贸易有限公司',
    creditCode: '91320000MA1FL00021',
    legalRepresentative: '吴德明',
    address: '江苏省南京市鼓楼区中山北路200号',
    contactName: '吴海燕',
    contactPhone: '13800000021',
    contactEmail: 'zhongtai@example.com',
    categories: ['A02A01', 'A02A02', 'A02A04'],
    bankName: '中国工商银行南京鼓楼支行',
    bankAccount: '6222024301000000022',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier02'],
  },
  {
    key: 'xinyuan',
    name: '鑫源劳务服务有限公司',
    creditCode: '91330000MA1FL00038',
    legalRepresentative: '郑永康',
    address: '浙江省杭州市西湖区文三路300号',
    contactName: '郑国华',
    contactPhone: '13800000022',
    contactEmail: 'xinyuan@example.com',
    categories: ['A01A01', 'A01A03'],
    bankName: '中国农业银行杭州西湖支行',
    bankAccount: '6228481201000000033',
    status: SUPPLIER_STATUS.admitted,
    users: ['supplier03'],
  },
] as const;

/**
 * Suppliers without users that show the lifecycle (issue 16): one 暂停 with its reason, one 黑名单 with an active
 * blacklist row (a year from the seed day). Not in SUPPLIERS: they never sign up in the demo packages.
 */
export const LIFECYCLE_SUPPLIERS = [
  {
    key: 'hengtong',
    name: '恒通机械租赁有限公司',
    creditCode: '91110000802100433B',
    legalRepresentative: '何立新',
    address: '北京市朝阳区建国路400号',
    contactName: '何静',
    contactPhone: '13800000023',
    contactEmail: 'hengtong@example.com',
    categories: ['A03A01', 'A03A03'],
    bankName: '中国银行北京朝阳支行',
    bankAccount: '6216610100000000044',
    status: SUPPLIER_STATUS.suspended,
    suspendedReason: '安全生产许可证过期未更新，暂停合作待整改',
  },
  {
    key: 'jinma',
    name: '金马建材有限公司',
    creditCode: '91440300708461136T',
    legalRepresentative: '马金福',
    address: '广东省深圳市南山区科技园500号',
    contactName: '马丽',
    contactPhone: '13800000024',
    contactEmail: 'jinma@example.com',
    categories: ['A02A02', 'A02A03'],
    bankName: '招商银行深圳南山支行',
    bankAccount: '6225880100000000055',
    status: SUPPLIER_STATUS.blacklisted,
    suspendedReason: null,
    blacklistReason: '提供虚假业绩材料',
  },
] as const;

/** Demo certificates: (supplier key, kind, name, number, issuer, days from the seed day to expiry). */
export const CERTIFICATES = [
  ['huadong', 'qualification', '建筑业企业资质证书', 'D231000001', '上海市住房和城乡建设管理委员会', 900],
  ['huadong', 'safety', '安全生产许可证', '(沪)JZ安许证字[2024]000001', '上海市住房和城乡建设管理委员会', 20],
  ['zhongtai', 'license', '营业执照', '91320000MA1FL00021', '南京市市场监督管理局', 3650],
  ['hengtong', 'safety', '安全生产许可证', '(京)JZ安许证字[2021]000002', '北京市住房和城乡建设委员会', -10],
] as const;

export const supplierSeedId = (key: string) => seedId(`supplier:1:${key}`);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type SupplierSeed = (typeof SUPPLIERS)[number] | (typeof LIFECYCLE_SUPPLIERS)[number];
/** The profile columns of a seeded supplier (also refreshed on an existing row: issue 16 added them). */
const profile = (s: SupplierSeed) => ({
  name: s.name,
  creditCode: s.creditCode,
  legalRepresentative: s.legalRepresentative,
  address: s.address,
  contactName: s.contactName,
  contactPhone: s.contactPhone,
  contactEmail: s.contactEmail,
  categories: [...s.categories],
  bankName: s.bankName,
  bankAccount: s.bankAccount,
});

export async function seedSuppliers(tx: Tx, usernames: ReadonlySet<string>) {
  const today = dayOffset(0);
  for (const s of [...SUPPLIERS, ...LIFECYCLE_SUPPLIERS]) {
    const id = supplierSeedId(s.key);
    await tx
      .insert(supplier)
      .values({
        id,
        tenantId: 1,
        ...profile(s),
        status: s.status,
        approvalStatus: '4',
        suspendedReason: 'suspendedReason' in s ? s.suspendedReason : null,
        admittedTime: new Date(),
        qualifiedTime: s.status === SUPPLIER_STATUS.admitted ? null : new Date(),
        createBy: 'admin',
      })
      .onConflictDoUpdate({ target: supplier.id, set: profile(s) });
    await tx
      .insert(supplierStatusHistory)
      .values({
        id: seedId(`supplier-status:${s.key}`),
        tenantId: 1,
        supplierId: id,
        toStatus: s.status,
        actor: 'admin',
      })
      .onConflictDoNothing();
    if ('blacklistReason' in s) {
      await tx
        .insert(supplierBlacklist)
        .values({
          id: seedId(`supplier-blacklist:${s.key}`),
          tenantId: 1,
          supplierId: id,
          reason: s.blacklistReason,
          scope: 'tenant',
          startDate: today,
          endDate: dayOffset(365),
          state: 'active',
          approvalStatus: '4',
          createBy: 'admin',
        })
        .onConflictDoNothing();
    }
    const users = 'users' in s ? s.users.filter((u) => usernames.has(u)) : [];
    if (users.length === 0) continue;
    await tx
      .insert(supplierUser)
      .values(users.map((u) => ({ tenantId: 1, userId: seedId(`user:${u}`), supplierId: id })))
      .onConflictDoNothing();
  }
  for (const [key, kind, name, number, issuer, days] of CERTIFICATES) {
    const expiresOn = dayOffset(days);
    await tx
      .insert(supplierCertificate)
      .values({
        id: seedId(`supplier-certificate:${key}:${kind}`),
        tenantId: 1,
        supplierId: supplierSeedId(key),
        kind,
        name,
        number,
        issuer,
        validFrom: dayOffset(days - 1095),
        expiresOn,
        state: certificateState(expiresOn, today, SUPPLIER_LIMITS.certificateExpiringDays),
        createBy: 'admin',
      })
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
