import type { Tx } from '../db/client.ts';
import { expertProfile } from '../modules/procurement/expert/tables.ts';
import { seedId } from './ids.ts';
import { supplierSeedId } from './suppliers.ts';

/**
 * The demo expert pool of tenant 1 (issue 15): expert01…expert07 (userEnd 2, seed/org.ts) with specialities from
 * the seeded category tree (seed/config.ts CATEGORY_SEED), two employers, one 暂停 (expert06) and one declared
 * avoidance of 中泰物资贸易有限公司 (supplier02's company, expert03). Six are drawable, so a 5-member committee can
 * be drawn even when expert03 is avoided.
 */
export const EXPERT_PROFILES = [
  {
    username: 'expert01',
    specialities: ['A01A01', 'A01A02'],
    region: '上海市',
    title: '高级工程师',
    employer: '同济工程咨询有限公司',
  },
  {
    username: 'expert02',
    specialities: ['A02A01', 'A02A03'],
    region: '上海市',
    title: '高级经济师',
    employer: '华东建筑设计研究院有限公司',
  },
  {
    username: 'expert03',
    specialities: ['A01A01', 'A02A02'],
    region: '江苏省',
    title: '工程师',
    employer: '同济工程咨询有限公司',
    avoidSuppliers: ['zhongtai'],
    remarks: '曾在中泰物资贸易有限公司任职，已声明回避',
  },
  {
    username: 'expert04',
    specialities: ['A01A03', 'A02A04'],
    region: '浙江省',
    title: '教授级高级工程师',
    employer: '华东建筑设计研究院有限公司',
  },
  {
    username: 'expert05',
    specialities: ['A01A02', 'A02A01'],
    region: '上海市',
    title: '高级工程师',
    employer: '同济工程咨询有限公司',
  },
  {
    username: 'expert06',
    specialities: ['A03A01'],
    region: '安徽省',
    title: '工程师',
    employer: '华东建筑设计研究院有限公司',
    status: 'suspended',
    remarks: '年度考核未通过，暂停抽取',
  },
  {
    username: 'expert07',
    specialities: ['A01A01', 'A02A01', 'A03A01'],
    region: '上海市',
    title: '高级工程师',
    employer: '华东建筑设计研究院有限公司',
  },
] as const satisfies readonly {
  username: string;
  specialities: readonly string[];
  region: string;
  title: string;
  employer: string;
  avoidSuppliers?: readonly string[];
  status?: 'normal' | 'suspended';
  remarks?: string;
}[];

export const expertSeedId = (username: string) => seedId(`expert:1:${username}`);

/** Inserted once (stable ids); afterwards the profiles are the administrators' to edit. */
export async function seedExperts(tx: Tx, usernames: ReadonlySet<string>) {
  const rows = EXPERT_PROFILES.filter((e) => usernames.has(e.username)).map((e) => ({
    id: expertSeedId(e.username),
    tenantId: 1,
    userId: seedId(`user:${e.username}`),
    specialities: [...e.specialities],
    region: e.region,
    title: e.title,
    employer: e.employer,
    avoidSupplierIds: 'avoidSuppliers' in e ? e.avoidSuppliers.map((key) => supplierSeedId(key)) : [],
    status: 'status' in e ? e.status : 'normal',
    remarks: 'remarks' in e ? e.remarks : null,
    createBy: 'admin',
  }));
  if (rows.length) await tx.insert(expertProfile).values(rows).onConflictDoNothing();
}
