import type { CheckRuleItem, GatewayDefinition } from '@aps/shared';
import type { Tx } from '../db/client.ts';
import { sysCategory } from '../modules/platform/category/tables.ts';
import { sysGatewayRoute } from '../modules/platform/gateway/tables.ts';
import { sysPosition } from '../modules/platform/position/tables.ts';
import { sysQuartzJob } from '../modules/platform/quartz/tables.ts';
import { sysCheckRule, sysFillRule } from '../modules/platform/rule/tables.ts';
import { seedId } from './ids.ts';

/** Purchase categories (分类字典) per tenant: [code, name, children]. Codes follow the generated A01/A01A01 scheme. */
export const CATEGORY_SEED: [code: string, name: string, children: [string, string][]][] = [
  [
    'A01',
    '劳务',
    [
      ['A01A01', '劳务分包'],
      ['A01A02', '专业分包'],
      ['A01A03', '设计咨询'],
    ],
  ],
  [
    'A02',
    '物资',
    [
      ['A02A01', '钢材'],
      ['A02A02', '水泥'],
      ['A02A03', '商品混凝土'],
      ['A02A04', '电线电缆'],
    ],
  ],
  [
    'A03',
    '资产',
    [
      ['A03A01', '施工机械'],
      ['A03A02', '办公设备'],
      ['A03A03', '车辆'],
    ],
  ],
  [
    'A04',
    '材料',
    [
      ['A04A01', '周转材料'],
      ['A04A02', '安全防护用品'],
    ],
  ],
];

export const POSITION_SEED: [code: string, name: string, rank: string][] = [
  ['CGJL', '采购经理', '4'],
  ['CGZG', '采购主管', '3'],
  ['CGY', '采购员', '2'],
  ['PSZJ', '评审专家', '4'],
  ['JDY', '监督员', '3'],
];

export const FILL_RULE_SEED = [
  {
    ruleCode: 'purchase_plan_code',
    ruleName: '采购计划编号',
    pattern: `CG-\${yyyyMMdd}-\${seq:4}`,
    resetPeriod: 'daily',
    description: '采购计划的计划编号，每天从0001重新编号',
  },
  {
    ruleCode: 'purchase_code',
    ruleName: '采购编号',
    pattern: `CG-\${yyyyMMdd}-\${seq:4}`,
    resetPeriod: 'daily',
    description: '采购记录的采购编号，每天从0001重新编号',
  },
  {
    ruleCode: 'contract_code',
    ruleName: '合同编号',
    pattern: `HT\${yyyy}\${seq:5}`,
    resetPeriod: 'yearly',
    description: '合同编号，每年从00001重新编号',
  },
] as const;

export const CHECK_RULE_SEED: { ruleCode: string; ruleName: string; ruleJson: CheckRuleItem[]; description: string }[] =
  [
    {
      ruleCode: 'purchase_no',
      ruleName: '采购项目编号',
      ruleJson: [
        { digits: '2', pattern: '[A-Z]{2}', message: '前两位须为大写字母' },
        { digits: '*', pattern: '\\d{6,12}', message: '字母后须为6到12位数字' },
      ],
      description: '两位大写字母加6到12位数字，如 HX20260001',
    },
    {
      ruleCode: 'credit_code',
      ruleName: '统一社会信用代码',
      ruleJson: [
        {
          digits: '*',
          pattern: '[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}',
          message: '请输入正确的统一社会信用代码',
        },
      ],
      description: '18位统一社会信用代码',
    },
  ];

const route = (name: string, args: Record<string, string>): GatewayDefinition => ({ name, args });

export const GATEWAY_SEED = [
  {
    routerId: 'aps-system',
    name: '系统管理服务',
    uri: 'lb://aps-system',
    predicates: [route('Path', { _genkey_0: '/aps/sys/**' })],
    filters: [route('StripPrefix', { _genkey_0: '1' })],
    sortOrder: 0,
  },
  {
    routerId: 'aps-purchase',
    name: '采购业务服务',
    uri: 'lb://aps-purchase',
    predicates: [route('Path', { _genkey_0: '/aps/purchase/**' })],
    filters: [],
    sortOrder: 1,
  },
];

export const QUARTZ_SEED = [
  {
    jobClassName: 'closeExpiredAnnouncements',
    cronExpression: '0 0/5 * * * ?',
    parameter: null,
    description: '每5分钟撤销已过结束时间的通告',
  },
  {
    jobClassName: 'purchaseStatsRollup',
    cronExpression: '0 30 1 * * ?',
    parameter: '2',
    description: '每天01:30统计最近两天的采购记录（按租户、日期、阶段）',
  },
  {
    jobClassName: 'purchaseStageTimer',
    cronExpression: '0 * * * * ?',
    parameter: '100',
    description: '每分钟推进到时的标包：报名截止→响应中，投标截止→待开标，开标时间→开标（人数不足流标）',
  },
  {
    jobClassName: 'purchasePublicityEnd',
    cronExpression: '0 * * * * ?',
    parameter: '100',
    description: '每分钟结束期满的结果公示并定标',
  },
  {
    jobClassName: 'reviewClarificationDeadline',
    cronExpression: '0 * * * * ?',
    parameter: null,
    description: '每分钟处理过了截止时间的报价澄清（逾期未答复，投标无效）和多轮报价（结束本轮并开启报价）',
  },
  {
    jobClassName: 'supplierBlacklistExpiry',
    cronExpression: '0 10 0 * * ?',
    parameter: null,
    description: '每天00:10解除期满的供应商黑名单（恢复原状态）',
  },
  {
    jobClassName: 'supplierCertificateExpiry',
    cronExpression: '0 20 0 * * ?',
    parameter: null,
    description: '每天00:20检查资质证书：30天内到期提醒供应商，过期暂停供应商，更新后恢复',
  },
  {
    jobClassName: 'supplierRegisterUploadPurge',
    cronExpression: '0 40 3 * * ?',
    parameter: null,
    description: '每天03:40清理48小时内未提交的供应商注册附件',
  },
  {
    jobClassName: 'contractUnsignedReminder',
    cronExpression: '0 0 9 * * ?',
    parameter: '200',
    description: '每天09:00提醒定标30天仍未签订合同的标包（每个标包一次）',
  },
  {
    jobClassName: 'contractWarrantyClose',
    cronExpression: '0 10 0 * * ?',
    parameter: null,
    description: '每天00:10关闭质保期已满的合同',
  },
  {
    jobClassName: 'supervisionMonitorRefresh',
    cronExpression: '0 5 * * * ?',
    parameter: null,
    description: '每小时第5分钟重新计算监控中心的风险信号（读取时若业务数据有变化也会即时刷新）',
  },
  {
    jobClassName: 'rectificationOverdue',
    cronExpression: '0 30 0 * * ?',
    parameter: null,
    description: '每天00:30标记逾期未整改的整改单，通知整改对象与检查人员，并对供应商提出暂停或黑名单建议',
  },
];

/** System configuration seed: categories and positions per tenant, fill/check rules, gateway routes and jobs. */
export async function seedSystemConfig(tx: Tx, tenantIds: readonly number[]) {
  for (const tenantId of tenantIds) {
    for (const [code, name, children] of CATEGORY_SEED) {
      const id = seedId(`category:${tenantId}:${code}`);
      await tx
        .insert(sysCategory)
        .values({ id, tenantId, pid: '0', code, name, hasChild: children.length ? '1' : '0' })
        .onConflictDoNothing();
      for (const [childCode, childName] of children) {
        await tx
          .insert(sysCategory)
          .values({
            id: seedId(`category:${tenantId}:${childCode}`),
            tenantId,
            pid: id,
            code: childCode,
            name: childName,
          })
          .onConflictDoNothing();
      }
    }
    for (const [code, name, postRank] of POSITION_SEED) {
      await tx
        .insert(sysPosition)
        .values({ id: seedId(`position:${tenantId}:${code}`), tenantId, code, name, postRank })
        .onConflictDoNothing();
    }
  }
  for (const r of FILL_RULE_SEED) {
    await tx
      .insert(sysFillRule)
      .values({ id: seedId(`fillRule:${r.ruleCode}`), ...r })
      .onConflictDoNothing();
  }
  for (const r of CHECK_RULE_SEED) {
    await tx
      .insert(sysCheckRule)
      .values({ id: seedId(`checkRule:${r.ruleCode}`), ...r })
      .onConflictDoNothing();
  }
  for (const g of GATEWAY_SEED) {
    await tx
      .insert(sysGatewayRoute)
      .values({ id: seedId(`gateway:${g.routerId}`), ...g })
      .onConflictDoNothing();
  }
  for (const j of QUARTZ_SEED) {
    await tx
      .insert(sysQuartzJob)
      .values({ id: seedId(`quartz:${j.jobClassName}`), ...j })
      .onConflictDoNothing();
  }
}

/** What the seed hash covers, so a change here re-runs the seed. */
export const systemConfigSeed = () => ({
  CATEGORY_SEED,
  POSITION_SEED,
  FILL_RULE_SEED,
  CHECK_RULE_SEED,
  GATEWAY_SEED,
  QUARTZ_SEED,
});
