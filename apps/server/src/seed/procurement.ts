import { PROCUREMENT_WORKFLOW_TYPES, STAGE_TRANSITIONS, type StageAction } from '@aps/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sysUser } from '../modules/platform/system/tables.ts';
import { createWorkflowEngine } from '../modules/platform/workflow/engine.ts';
import { purchasePlan, purchasePlanItem } from '../modules/procurement/plan/tables.ts';
import {
  purchasePackage,
  purchasePackageHistory,
  purchaseProject,
  purchaseReviewItem,
} from '../modules/procurement/project/tables.ts';
import { seedId } from './ids.ts';

/**
 * 采购管理 demo data of the demo tenant (issue 14 §11): plans in each state, and packages in the stages 1–12
 * (the stage-10 package with its live end-audit instance, `seedEndAudits`), including one 流标 package and its
 * 重新采购 round. Stable ids: a re-seed inserts nothing twice and never overwrites edits.
 */
const DAY = 86_400_000;
const at = (base: Date, days: number, hours = 0) => new Date(base.getTime() + days * DAY + hours * 3_600_000);

interface DemoPlan {
  key: string;
  name: string;
  category: '1' | '2' | '3';
  method: string;
  state: string;
  approvalStatus: string;
  org: string;
  items: [name: string, spec: string | null, unit: string, qty: string, price: string][];
}

export const DEMO_PLANS: DemoPlan[] = [
  {
    key: 'steel',
    name: '城南综合管廊主体结构钢材采购',
    category: '3',
    method: 'open_tender',
    state: 'executing',
    approvalStatus: '4',
    org: 'A01A01A01',
    items: [
      ['HRB400螺纹钢', 'Φ12', '吨', '120', '4150.00'],
      ['HRB400螺纹钢', 'Φ25', '吨', '260', '4080.00'],
      ['镀锌钢管', 'DN100', '米', '1800', '86.50'],
    ],
  },
  {
    key: 'labour',
    name: '地铁5号线土建劳务分包',
    category: '1',
    method: 'competitive_consultation',
    state: 'executing',
    approvalStatus: '4',
    org: 'A01A02A01',
    items: [
      ['钢筋绑扎劳务', null, '项', '1', '1800000.00'],
      ['模板工程劳务', null, '项', '1', '1200000.00'],
    ],
  },
  {
    key: 'equipment',
    name: '集团检测仪器设备采购',
    category: '2',
    method: 'inquiry',
    state: 'executing',
    approvalStatus: '4',
    org: 'A01',
    items: [
      ['全站仪', '精度1″', '台', '4', '68000.00'],
      ['回弹仪', 'HT225', '台', '10', '2600.00'],
      ['钢筋扫描仪', null, '台', '3', '45000.00'],
      ['裂缝测宽仪', null, '台', '1', '18000.00'],
      ['测厚仪', null, '台', '1', '12000.00'],
      ['水准仪', 'DS3', '台', '1', '24000.00'],
      ['经纬仪', 'J2', '台', '1', '30000.00'],
      ['激光测距仪', null, '台', '1', '16000.00'],
    ],
  },
  {
    key: 'cement',
    name: '第一工程分公司水泥年度采购',
    category: '3',
    method: 'invited_tender',
    state: 'approved',
    approvalStatus: '4',
    org: 'A01A01',
    items: [['普通硅酸盐水泥', 'P.O42.5', '吨', '3000', '465.00']],
  },
  {
    key: 'furniture',
    name: '办公家具采购',
    category: '2',
    method: 'inquiry',
    state: 'draft',
    approvalStatus: '1',
    org: 'A01',
    items: [
      ['办公桌', '1.4m', '张', '40', '980.00'],
      ['办公椅', null, '把', '40', '420.00'],
    ],
  },
  {
    key: 'waterproof',
    name: '防水卷材采购',
    category: '3',
    method: 'competitive_negotiation',
    state: 'rejected',
    approvalStatus: '5',
    org: 'A01A01',
    items: [['SBS防水卷材', '4mm', '平方米', '12000', '32.00']],
  },
  {
    key: 'crane',
    name: '塔式起重机租赁（已作废）',
    category: '2',
    method: 'single_source',
    state: 'void',
    approvalStatus: '1',
    org: 'A01A02',
    items: [['塔式起重机租赁', 'QTZ80', '台·月', '24', '28000.00']],
  },
];

interface DemoPackage {
  plan: string;
  no: string;
  name: string;
  price: string;
  stage: number;
  election?: '0' | '1';
  status?: string;
  round?: number;
  previous?: string;
}

/** The package paths: stage 1 → 12 across the three projects, one 流标 (rebid) and its second round. */
export const DEMO_PACKAGES: DemoPackage[] = [
  { plan: 'steel', no: '01', name: '螺纹钢Φ12', price: '498000.00', stage: 1 },
  { plan: 'steel', no: '02', name: '螺纹钢Φ25', price: '1060800.00', stage: 2 },
  { plan: 'steel', no: '03', name: '镀锌钢管', price: '155700.00', stage: 3 },
  { plan: 'labour', no: '01', name: '钢筋绑扎劳务', price: '1800000.00', stage: 4 },
  { plan: 'labour', no: '02', name: '模板工程劳务', price: '1200000.00', stage: 5 },
  { plan: 'equipment', no: '01', name: '全站仪', price: '272000.00', stage: 6 },
  { plan: 'equipment', no: '02', name: '回弹仪', price: '26000.00', stage: 7 },
  { plan: 'equipment', no: '03', name: '钢筋扫描仪', price: '135000.00', stage: 8 },
  { plan: 'equipment', no: '04', name: '裂缝测宽仪', price: '18000.00', stage: 9 },
  { plan: 'equipment', no: '05', name: '测厚仪', price: '12000.00', stage: 11 },
  { plan: 'equipment', no: '08', name: '激光测距仪', price: '16000.00', stage: 10 },
  { plan: 'equipment', no: '06', name: '水准仪', price: '24000.00', stage: 12 },
  { plan: 'equipment', no: '07', name: '经纬仪', price: '30000.00', stage: 9, election: '0', status: 'rebid' },
  { plan: 'equipment', no: '07-R2', name: '经纬仪', price: '30000.00', stage: 2, round: 2, previous: '07' },
];

/** The actions that take a package from stage 1 to `stage` (a 流标 jumps 4 → 9 at the opening). */
function pathTo(stage: number, failed: boolean): { action: StageAction; from: number; to: number }[] {
  const order: StageAction[] = failed
    ? ['publish', 'openResponses', 'closeResponses', 'open']
    : [
        'publish',
        'openResponses',
        'closeResponses',
        'open',
        'startReview',
        'score',
        'summarize',
        'endReview',
        'submitEndAudit',
        'endAuditApproved',
        'endPublicity',
      ];
  const steps: { action: StageAction; from: number; to: number }[] = [];
  let current = 1;
  for (const action of order) {
    if (current >= stage) break;
    const t = STAGE_TRANSITIONS.find((x) => x.action === action);
    if (!t) continue;
    const to = failed && action === 'open' ? 9 : t.to;
    steps.push({ action, from: current, to });
    current = to;
  }
  return steps;
}

export async function seedProcurement(tx: Tx) {
  const tenantId = 1;
  const base = new Date('2026-11-02T09:00:00+08:00');
  const plans = new Map<string, { id: string; budget: string; org: string; code: string }>();
  for (const [i, p] of DEMO_PLANS.entries()) {
    const id = seedId(`plan:${tenantId}:${p.key}`);
    const amounts = p.items.map(([, , , q, price]) => (Number(q) * Number(price)).toFixed(2));
    const budget = (amounts.reduce((n, a) => n + Number(a), 0) * 1.05).toFixed(2);
    const code = `CG-202611${String(2 + i).padStart(2, '0')}-${String(i + 1).padStart(4, '0')}`;
    plans.set(p.key, { id, budget, org: p.org, code });
    await tx
      .insert(purchasePlan)
      .values({
        id,
        tenantId,
        sysOrgCode: p.org,
        planCode: code,
        planName: p.name,
        category: p.category,
        purchaseMethod: p.method,
        budget,
        plannedTime: at(base, 30 + i),
        state: p.state,
        approvalStatus: p.approvalStatus,
        createBy: 'buyer01',
        createTime: at(base, i),
      })
      .onConflictDoNothing();
    await tx
      .insert(purchasePlanItem)
      .values(
        p.items.map(([name, spec, unit, quantity, unitPrice], line) => ({
          id: seedId(`plan-item:${tenantId}:${p.key}:${line}`),
          tenantId,
          planId: id,
          lineNo: line + 1,
          name,
          specification: spec,
          unit,
          quantity,
          unitPrice,
          amount: amounts[line] ?? '0',
        })),
      )
      .onConflictDoNothing();
  }

  const projects = new Map<string, string>();
  for (const [i, p] of DEMO_PLANS.filter((x) => x.state === 'executing').entries()) {
    const plan = plans.get(p.key);
    if (!plan) continue;
    const id = seedId(`project:${tenantId}:${p.key}`);
    projects.set(p.key, id);
    await tx
      .insert(purchaseProject)
      .values({
        id,
        tenantId,
        planId: plan.id,
        sysOrgCode: plan.org,
        purchaseNo: plan.code,
        purchaseCode: `CG-20261105-${String(9001 + i)}`,
        purchaseName: p.name,
        purchaseCategory: p.category,
        purchaseMethod: p.method,
        purchaseCandidateCount: 3,
        createBy: 'buyer01',
        createTime: at(base, 3 + i),
      })
      .onConflictDoNothing();
  }

  for (const [i, d] of DEMO_PACKAGES.entries()) {
    const plan = DEMO_PLANS.find((p) => p.key === d.plan);
    const projectId = projects.get(d.plan);
    const planRow = plans.get(d.plan);
    if (!plan || !projectId || !planRow) continue;
    const id = seedId(`package:${tenantId}:${d.plan}:${d.no}`);
    const failed = d.election === '0';
    // Opened packages opened a fortnight ago; the others open in the coming weeks.
    const created = at(base, 4 + (i % 5));
    const opened = d.stage >= 5;
    // Timetables that agree with the stage: before opening they are relative to today (the stage job moves them).
    const now = new Date();
    const plan4 = {
      1: [1, 6, 11, 11],
      2: [-2, 5, 10, 10],
      3: [-10, -3, 4, 4],
      4: [-15, -8, -1, 1],
    }[d.stage as 1 | 2 | 3 | 4] ?? [0, 0, 0, 0];
    const [s0, s1, s2, s3] = plan4 as [number, number, number, number];
    const opening = opened ? at(base, 15, i % 8) : at(now, s3, 1);
    const signUpStart = opened ? at(base, 6) : at(now, s0);
    const signUpEnd = opened ? at(base, 11) : at(now, s1);
    const deadline = opened ? at(base, 15, -1) : at(now, s2);
    const reviewStart = d.stage >= 6 && !failed ? at(opening, 0, 1) : null;
    const reviewStop = d.stage >= 9 ? (failed ? opening : at(opening, 1, 3 + i)) : null;
    const inserted = await tx
      .insert(purchasePackage)
      .values({
        id,
        tenantId,
        projectId,
        sysOrgCode: planRow.org,
        purchaseNo: planRow.code,
        purchaseCode: `CG-20261105-${String(9001 + [...projects.keys()].indexOf(d.plan))}`,
        purchaseName: plan.name,
        purchaseCategory: plan.category,
        purchaseMethod: plan.method,
        purchaseCandidateCount: 3,
        purchaseStage: d.stage,
        electionStatus: d.election ?? '1',
        status: d.status ?? 'active',
        roundNo: d.round ?? 1,
        previousPackageId: d.previous ? seedId(`package:${tenantId}:${d.plan}:${d.previous}`) : null,
        packageNo: d.no,
        packageName: d.name,
        fixedPrice: d.price,
        lowerCoefficientType: plan.category === '1' ? 1 : 0,
        lowerCoefficient: plan.category === '1' ? '0.0500' : null,
        warrantyPeriod: plan.category === '1' ? null : 12,
        scoreType: '1',
        quotationRoundCount: 2,
        priceMethod: plan.category === '1' ? 'average_benchmark' : 'low_price',
        priceK: plan.category === '1' ? '0.0200' : null,
        priceAlpha: plan.category === '1' ? '1.0000' : null,
        priceBeta: plan.category === '1' ? '0.5000' : null,
        minBidders: 3,
        expertCount: 5,
        expertSpecialities: plan.category === '1' ? '土建施工,劳务管理' : '工程检测,仪器设备',
        signUpStartTime: signUpStart,
        signUpEndTime: signUpEnd,
        bidDeadline: deadline,
        openingStartTime: opening,
        reviewStartTime: reviewStart,
        reviewStopTime: reviewStop,
        publicityDays: 3,
        publicityEndTime: d.stage === 11 ? at(new Date(), 2) : d.stage === 12 ? at(opening, 6) : null,
        awardTime: d.stage === 12 ? at(opening, 6) : null,
        approvalStatus: d.stage >= 11 ? '4' : '1',
        createBy: 'buyer01',
        createTime: created,
      })
      .onConflictDoNothing()
      .returning({ id: purchasePackage.id });
    // Review items and history only with a package created now: a re-seed adds no second history.
    if (inserted.length === 0) continue;
    await tx
      .insert(purchaseReviewItem)
      .values(
        [
          { kind: 'qualification', name: '营业执照、资质证书有效', maxScore: null },
          { kind: 'compliance', name: '报价不超过最高限价', maxScore: null },
          { kind: 'scoring', name: '技术方案', maxScore: '40.00' },
          { kind: 'scoring', name: '业绩与信誉', maxScore: '20.00' },
        ].map((item, n) => ({
          id: seedId(`review-item:${id}:${n}`),
          tenantId,
          packageId: id,
          ...item,
          guidance: null,
          sortNo: n + 1,
        })),
      )
      .onConflictDoNothing();
    const steps = d.round && d.round > 1 ? pathTo(d.stage, false) : pathTo(d.stage, failed);
    const history = [
      ...(d.previous
        ? [{ action: 'rebid', from: 9, to: 1, reason: `流标后重新采购（由标包${d.previous}第1轮转入）` }]
        : []),
      ...steps.map((s) => ({
        ...s,
        reason: s.action === 'open' && failed ? '有效投标人2家，少于最低3家，流标' : null,
      })),
      ...(d.status === 'rebid' ? [{ action: 'rebid', from: 9, to: 9, reason: '流标后重新采购' }] : []),
    ];
    for (const [n, h] of history.entries()) {
      await tx
        .insert(purchasePackageHistory)
        .values({
          tenantId,
          packageId: id,
          action: h.action,
          fromStage: h.from,
          toStage: h.to,
          electionStatus: failed && h.to === 9 ? '0' : '1',
          reason: h.reason,
          actor: ['open', 'openResponses', 'closeResponses', 'endPublicity'].includes(h.action) ? 'system' : 'buyer01',
          createTime: at(created, n),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * The stage-10 package's end audit (结束审核中), started through the workflow engine as buyer01's 提交结束审核 starts
 * it, so its approvers find the task in 我的待办 and their bell. Only for a package without an instance yet: a
 * re-seed starts nothing twice.
 */
export async function seedEndAudits(tx: Tx) {
  const tenantId = 1;
  const [buyer] = await tx.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'buyer01'));
  if (!buyer) return;
  const engine = createWorkflowEngine({ db: tx as unknown as Db });
  for (const d of DEMO_PACKAGES.filter((p) => p.stage === 10)) {
    const id = seedId(`package:${tenantId}:${d.plan}:${d.no}`);
    const [pkg] = await tx
      .select()
      .from(purchasePackage)
      .where(
        and(eq(purchasePackage.id, id), eq(purchasePackage.purchaseStage, 10), isNull(purchasePackage.instanceId)),
      );
    if (!pkg) continue;
    const started = await engine.start(tx as unknown as Db, {
      tenantId,
      initiator: { id: buyer.id, username: 'buyer01' },
      businessType: PROCUREMENT_WORKFLOW_TYPES.endAudit,
      businessKey: pkg.id,
      title: `结束审核「${pkg.purchaseName} ${pkg.packageName}」`,
      variables: {
        amount: Number(pkg.fixedPrice),
        category: pkg.purchaseCategory,
        method: pkg.purchaseMethod,
        electionStatus: pkg.electionStatus,
      },
    });
    await tx
      .update(purchasePackage)
      .set({ instanceId: started.instanceId, approvalStatus: String(started.approvalStatus) })
      .where(eq(purchasePackage.id, pkg.id));
  }
}
