import { REVIEW_MESSAGES as M } from '@aps/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PACKAGED_REPORT_FONT, renderReportPdf, reportFont } from './report.ts';
import type { ReportData } from './report-data.ts';

const data = (bidders: number): ReportData => ({
  purchaseCode: 'PC-UNIT',
  purchaseName: '单元测试采购',
  packageNo: '1',
  packageName: '测试标包',
  purchaseMethod: '公开招标',
  stage: '评审结束',
  electionStatus: '1',
  failureReason: null,
  reviewStartTime: new Date('2026-11-27T01:00:00Z'),
  reviewStopTime: new Date('2026-11-27T03:00:00Z'),
  committeeState: '评审结束',
  drawSeed: 'abc123',
  members: [
    {
      realname: '赵明远',
      kind: '评审专家',
      leader: true,
      state: '已完成',
      signTime: new Date(),
      opinion: '同意',
      dissentReason: null,
    },
    {
      realname: '钱丽华',
      kind: '评审专家',
      leader: false,
      state: '已完成',
      signTime: new Date(),
      opinion: '不同意',
      dissentReason: '价格分计算有误',
    },
    {
      realname: '孙未签',
      kind: '评审专家',
      leader: false,
      state: '签字',
      signTime: null,
      opinion: null,
      dissentReason: null,
    },
  ],
  items: [{ id: 'i1', name: '技术方案', maxScore: '60.00' }],
  bidders: Array.from({ length: bidders }, (_, i) => ({
    bidId: `b${i}`,
    supplierName: `供应商${String(i + 1).padStart(3, '0')}有限公司`,
    qualification: '通过',
    valid: i !== 1,
    invalidReason: i === 1 ? '报价澄清未通过：未按期答复' : null,
    evaluatedPrice: `${900000 + i}.00`,
    priceScore: i === 0 ? '40.000' : null,
    total: i === 1 ? null : `${(95 - i * 0.5).toFixed(2)}`,
    rank: i === 1 ? null : i + 1,
    candidate: i < 3 && i !== 1,
    campaignCheck: '待核查',
    means: { i1: `${(55 - i * 0.25).toFixed(3)}` },
  })),
  candidates: ['供应商001有限公司', '供应商003有限公司'],
  checks: [
    { supplierName: '供应商001有限公司', kind: '信用核查', result: '通过', findings: null, checkTime: new Date() },
  ],
  clarifications: [
    {
      supplierName: '供应商002有限公司',
      kind: '报价澄清',
      roundNo: null,
      question: '请说明低价理由',
      answer: null,
      state: '逾期未答复',
      decisionNote: null,
    },
  ],
});

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(doc, { mergePages: true });
  return { pages: totalPages, text };
}

describe('the review report PDF', () => {
  it('lays out every section, with the signatures, as extractable text', async () => {
    const pdf = await renderReportPdf(data(3));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await textOf(pdf);
    for (const s of [
      '评审报告',
      'PC-UNIT',
      '赵明远',
      '钱丽华',
      '价格分计算有误',
      '技术方案',
      '（60.00）',
      '55.000',
      '40.000',
      '报价澄清未通过：未按期答复',
      '第1名：供应商001有限公司',
      '信用核查',
      '请说明低价理由',
      '逾期未答复',
    ]) {
      expect(text).toContain(s);
    }
    // Only members who signed appear among the signatures (孙未签 is in the committee table only).
    expect(text.split('孙未签').length - 1).toBe(1);
  });

  it('breaks long tables over pages and keeps the subset font small', async () => {
    const pdf = await renderReportPdf(data(80));
    const { pages, text } = await textOf(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain('供应商080有限公司');
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('prints with the font npm installs when the machine has no CJK font (a fresh Debian)', async () => {
    expect(PACKAGED_REPORT_FONT).toMatch(/NotoSansHans-Regular\.otf$/);
    const pdf = await renderReportPdf(data(3), { font: PACKAGED_REPORT_FONT });
    const { text } = await textOf(pdf);
    for (const s of ['评审报告', '赵明远', '报价澄清未通过：未按期答复', '第1名：供应商001有限公司'])
      expect(text).toContain(s);
  });

  it('refuses with a clear message when the CJK font is missing', () => {
    expect(() => reportFont('/nonexistent/font.ttc')).toThrow(M.reportFontMissing);
  });
});
