/**
 * The review report (评审报告) as a PDF, laid out with pdfkit in a CJK font embedded as a subset (the text stays
 * text: searchable, extractable). The font is the configured REVIEW_REPORT_FONT, else the system's Noto Sans CJK
 * (Debian fonts-noto-cjk: every CJK character), else Noto Sans Hans from the npm package @embedpdf/fonts-sc (GB2312's
 * 6,763 characters), which `npm install` always brings, so a fresh machine prints reports without apt. Absent
 * anyway, the report is refused with a clear message rather than printed as empty boxes. See docs/decisions.md "签字、结束评审与评审报告".
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDateTime, REVIEW_MESSAGES as M } from '@aps/shared';
import PDFDocument from 'pdfkit';
import { ApiError } from '../../../core/envelope.ts';
import type { ReportData } from './report-data.ts';

/** A font file of @embedpdf/fonts-sc (its exports name only the index module; the fonts sit beside its dist/). */
function packagedFont(file: string): string {
  try {
    return fileURLToPath(new URL(`../fonts/${file}`, import.meta.resolve('@embedpdf/fonts-sc')));
  } catch {
    return '';
  }
}

/** The font every installation has (npm brings it): the last candidate. */
export const PACKAGED_REPORT_FONT = packagedFont('NotoSansHans-Regular.otf');

/** Font files tried in order, with the face to use inside a collection (.ttc). */
const FONT_CANDIDATES: { path: string; face?: string }[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 'NotoSerifCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
  { path: PACKAGED_REPORT_FONT },
];

/** Font bytes by path, read once per process (the collection is ~20 MB; a report uses a subset of it). */
const fontCache = new Map<string, Buffer>();

/** The CJK font's bytes; `configured` (REVIEW_REPORT_FONT, path[#face]) replaces the defaults. Absent → reportFontMissing. */
export function reportFont(configured?: string): { data: Buffer; face?: string } {
  const candidates = configured
    ? [{ path: configured.split('#')[0] ?? '', face: configured.split('#')[1] }]
    : FONT_CANDIDATES;
  for (const c of candidates) {
    const cached = fontCache.get(c.path);
    if (cached) return { data: cached, ...(c.face ? { face: c.face } : {}) };
    if (c.path && fs.existsSync(c.path)) {
      const data = fs.readFileSync(c.path);
      fontCache.set(c.path, data);
      return { data, ...(c.face ? { face: c.face } : {}) };
    }
  }
  throw new ApiError(500, M.reportFontMissing);
}

const dt = (d: Date | null) => (d ? (formatDateTime(d) ?? '') : '—');
const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** Renders the report; resolves with the PDF bytes. */
export async function renderReportPdf(
  data: ReportData,
  options: { font?: string | undefined; generatedAt?: Date } = {},
): Promise<Buffer> {
  const font = reportFont(options.font);
  const generatedAt = options.generatedAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `评审报告 ${data.purchaseCode} ${data.packageNo}`, Author: 'APS', Subject: '评审报告' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  if (font.face) doc.font(font.data, font.face);
  else doc.font(font.data);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const heading = (t: string) => {
    doc.moveDown(0.6).fontSize(12).fillColor('#000').text(t, left, doc.y, { width });
    doc.moveDown(0.2).fontSize(9);
  };
  const line = (t: string) => doc.fontSize(9).text(t, left, doc.y, { width });

  /** One table row: cells at fixed widths (fractions of the page width), wrapped, the row as tall as its tallest. */
  const row = (cells: string[], fractions: number[], bold = false) => {
    doc.fontSize(8.5).fillColor(bold ? '#333' : '#000');
    const widths = fractions.map((f) => f * width);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 40) - 4 }));
    const h = Math.max(...heights, 10) + 4;
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, { width: (widths[i] ?? 40) - 4 });
      x += widths[i] ?? 40;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.4)
      .strokeColor(bold ? '#666' : '#ccc')
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };

  doc.fontSize(18).text('评审报告', left, doc.y, { width, align: 'center' });
  doc.moveDown(0.5).fontSize(9);
  line(`项目编号：${data.purchaseCode}　项目名称：${data.purchaseName}`);
  line(`标包：${data.packageNo} ${data.packageName}　采购方式：${data.purchaseMethod}　当前阶段：${data.stage}`);
  line(`评审开始：${dt(data.reviewStartTime)}　评审结束：${dt(data.reviewStopTime)}　评审状态：${data.committeeState}`);
  line(
    `评审结论：${data.electionStatus === '0' ? `流标${data.failureReason ? `（${data.failureReason}）` : ''}` : '推荐中标候选人'}　抽取种子：${data.drawSeed}`,
  );

  heading('一、评审委员会');
  row(['姓名', '身份', '组长', '状态'], [0.3, 0.3, 0.15, 0.25], true);
  for (const m of data.members) row([m.realname, m.kind, m.leader ? '是' : '', m.state], [0.3, 0.3, 0.15, 0.25]);

  heading('二、投标人及资格/符合性审查');
  row(['投标人', '资格审查', '是否有效', '无效原因', '竞选核查'], [0.28, 0.14, 0.12, 0.3, 0.16], true);
  for (const b of data.bidders) {
    row(
      [b.supplierName, b.qualification, b.valid ? '有效' : '无效', dash(b.invalidReason), b.campaignCheck],
      [0.28, 0.14, 0.12, 0.3, 0.16],
    );
  }

  heading('三、评分汇总');
  const itemCols = data.items.map((i) => `${i.name}（${i.maxScore}）`);
  const n = itemCols.length;
  const rest = 0.72;
  const fr = [0.2, ...Array(n).fill(rest / (n + 4)), ...Array(4).fill(rest / (n + 4)), 0.08];
  row(['投标人', ...itemCols, '评标价', '价格分', '总分', '排名', '候选人'], fr, true);
  for (const b of data.bidders) {
    row(
      [
        b.supplierName,
        ...data.items.map((i) => dash(b.means[i.id])),
        dash(b.evaluatedPrice),
        dash(b.priceScore),
        dash(b.total),
        dash(b.rank),
        b.candidate ? '是' : '',
      ],
      fr,
    );
  }
  line('各评分项为评审成员已提交评分的平均分（5名及以上成员时去掉一个最高分和一个最低分），保留三位小数。');

  heading('四、推荐中标候选人');
  if (data.candidates.length === 0) line('无');
  data.candidates.forEach((c, i) => {
    line(`第${i + 1}名：${c}`);
  });

  heading('五、竞选核查');
  if (data.checks.length === 0) line('无');
  else {
    row(['投标人', '核查项', '结果', '核查情况', '时间'], [0.24, 0.16, 0.1, 0.3, 0.2], true);
    for (const k of data.checks)
      row([k.supplierName, k.kind, k.result, dash(k.findings), dt(k.checkTime)], [0.24, 0.16, 0.1, 0.3, 0.2]);
  }

  heading('六、报价澄清与多轮报价');
  if (data.clarifications.length === 0) line('无');
  else {
    row(['投标人', '类型', '问题', '答复', '状态', '决定说明'], [0.16, 0.12, 0.24, 0.22, 0.1, 0.16], true);
    for (const c of data.clarifications) {
      row(
        [
          c.supplierName,
          c.roundNo ? `${c.kind}（第${c.roundNo}轮）` : c.kind,
          c.question,
          dash(c.answer),
          c.state,
          dash(c.decisionNote),
        ],
        [0.16, 0.12, 0.24, 0.22, 0.1, 0.16],
      );
    }
  }

  heading('七、评审委员会成员签字');
  row(['姓名', '签字时间', '意见', '不同意理由'], [0.2, 0.25, 0.12, 0.43], true);
  for (const m of data.members.filter((x) => x.signTime || x.opinion)) {
    row([m.realname, dt(m.signTime), dash(m.opinion), dash(m.dissentReason)], [0.2, 0.25, 0.12, 0.43]);
  }
  doc.moveDown(1);
  line(`报告生成时间：${dt(generatedAt)}`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
