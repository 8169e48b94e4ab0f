import dayjs from 'dayjs';
import type { purchaseRecord } from '../modules/procurement/purchase/tables.ts';
import { seededRandom, seedId } from './ids.ts';

type NewPurchase = typeof purchaseRecord.$inferInsert;

const SUBJECTS: Record<string, string[]> = {
  '1': ['钢筋绑扎劳务分包', '模板工程劳务分包', '混凝土浇筑劳务', '砌体工程劳务', '装饰装修劳务分包', '机电安装劳务'],
  '2': ['塔式起重机租赁', '施工升降机采购', '办公家具采购', '检测仪器设备采购', '发电机组采购', '车辆租赁服务'],
  '3': ['HRB400螺纹钢', '商品混凝土C30', '普通硅酸盐水泥', '防水卷材', '电线电缆', '钢管扣件', '蒸压加气砌块'],
};
const BRANDS = ['无品牌要求', '国内一线品牌', '须提供三个品牌供选', '参考品牌：中天、宝钢或同等品质'];
const PAY = ['按月进度款支付80%，竣工结算后付至97%', '货到验收合格后30日内付款', '预付30%，到货付60%，质保期满付10%'];

/** Demo purchase records, the same on every run: `count` per tenant spread over its project departments. */
export function demoPurchases(tenantId: number, orgCodes: string[], count: number, prefix: string): NewPurchase[] {
  const rnd = seededRandom(tenantId * 7919);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const base = dayjs('2026-11-20T09:00:00+08:00');
  const rows: NewPurchase[] = [];
  for (let i = 0; i < count; i++) {
    const category = pick(['1', '2', '3'] as const);
    const stage = 1 + Math.floor(rnd() * 12);
    const drawn = base.subtract(Math.floor(rnd() * 365 * 24), 'hour');
    // A record whose review has started was created long enough ago for its opening (10–30 days after creation)
    // and review to lie in the past: a 评审结束 record never shows a future 开标时间 (issue 11 §7).
    const created = stage >= 6 && drawn.isAfter(base.subtract(40, 'day')) ? drawn.subtract(40, 'day') : drawn;
    const opening =
      stage >= 5
        ? created
            .add(10 + Math.floor(rnd() * 20), 'day')
            .hour(9)
            .minute(30)
        : null;
    const reviewStart = stage >= 6 && opening ? opening.add(1, 'hour') : null;
    const reviewStop =
      stage >= 9 && reviewStart
        ? reviewStart.add(2 + Math.floor(rnd() * 30), 'hour').add(Math.floor(rnd() * 59), 'minute')
        : null;
    const failed = stage >= 9 && rnd() < 0.12;
    const packages = 1 + Math.floor(rnd() * 3);
    const packageIndex = 1 + Math.floor(rnd() * packages);
    const seq = String(i + 1).padStart(4, '0');
    const subject = pick(SUBJECTS[category] ?? []);
    const scoreType = category === '1' && rnd() < 0.3 ? '3' : pick(['1', '2'] as const);
    const rounds = scoreType === '3' ? 1 : 1 + Math.floor(rnd() * 3);
    rows.push({
      id: seedId(`purchase:${tenantId}:${i}`),
      tenantId,
      sysOrgCode: pick(orgCodes),
      purchaseNo: `${prefix}${created.format('YYYY')}${seq}`,
      purchaseCode: `CG-${created.format('YYYYMMDD')}-${seq}`,
      purchaseName: `${created.format('YYYY')}年度${subject}项目`,
      purchaseCategory: category,
      purchaseCandidateCount: 1 + Math.floor(rnd() * 3),
      purchaseStage: stage,
      openingStartTime: opening?.toDate() ?? null,
      reviewStartTime: reviewStart?.toDate() ?? null,
      reviewStopTime: reviewStop?.toDate() ?? null,
      packageNo: `BB${String(packageIndex).padStart(2, '0')}`,
      packageName: `${subject}第${packageIndex}标段`,
      number: String(10 + Math.floor(rnd() * 5000)),
      fixedPrice: String(Math.round((50_000 + rnd() * 9_950_000) * 100) / 100),
      lowerCoefficientType: rnd() < 0.4 ? 1 : 0,
      lowerCoefficient: String(Math.round(rnd() * 1500) / 10000),
      electionStatus: stage >= 9 ? (failed ? '0' : '1') : null,
      warrantyPeriod: pick([6, 12, 24, 36]),
      materialStartTime: created.add(40, 'day').toDate(),
      materialEndTime: created.add(40 + 30 * (1 + Math.floor(rnd() * 12)), 'day').toDate(),
      scoreType,
      quotationRoundCount: rounds,
      currentRoundNo: stage >= 8 ? rounds : 1,
      brandRequirements: pick(BRANDS),
      payTypeMemo: pick(PAY),
      approvalStatus: stage >= 10 ? pick(['2', '4'] as const) : pick(['1', '2', '3', '4', '5', '6'] as const),
      createBy: 'buyer01',
      createTime: created.toDate(),
    });
  }
  return rows;
}
