import { QA_EXCEL_HEADERS as H, qaImportRowSchema } from '@aps/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowToInput } from '../qa/excel.ts';
import { buildErrorWorkbook, type RowError, validateRows } from './import.ts';
import { readWorkbook, type SheetRow, sniffWorkbook } from './workbook.ts';

const qaTypes = [
  { value: '1', text: '账号与登录' },
  { value: '5', text: '其他' },
];
const yn = [
  { value: '1', text: '是' },
  { value: '0', text: '否' },
];
const toInput = (row: SheetRow) => rowToInput(row, qaTypes, yn);
const row = (rowNumber: number, cells: Record<string, string>): SheetRow => ({ rowNumber, cells });

describe('validateRows (per-row validation with the shared row schema)', () => {
  const cases: [name: string, cells: Record<string, string>, expected: string | null][] = [
    [
      'a full row',
      { [H.questionContent]: '问', [H.answerContent]: '答', [H.useType]: '是', [H.displayOrder]: '3' },
      null,
    ],
    ['blanks take the form defaults', { [H.questionContent]: '问', [H.answerContent]: '答' }, null],
    ['no question', { [H.questionContent]: '', [H.answerContent]: '答' }, '请输入问题描述!'],
    ['no answer', { [H.questionContent]: '问', [H.answerContent]: '' }, '请输入答案内容!'],
    [
      'several reasons, each once, in order',
      { [H.questionContent]: '', [H.answerContent]: '', [H.useType]: '也许', [H.displayOrder]: 'abc' },
      '请输入问题描述!；请输入答案内容!；请选择是否供应商可见；排序须为0到99999之间的整数',
    ],
    [
      'order out of range',
      { [H.questionContent]: '问', [H.answerContent]: '答', [H.displayOrder]: '100000' },
      '排序须为0到99999之间的整数',
    ],
  ];
  it.each(cases)('%s', (_name, cells, expected) => {
    const { valid, errors } = validateRows('a.xlsx', [row(2, cells)], qaImportRowSchema, toInput);
    if (expected === null) {
      expect(errors).toEqual([]);
      expect(valid).toHaveLength(1);
    } else {
      expect(valid).toEqual([]);
      expect(errors).toEqual([{ file: 'a.xlsx', rowNumber: 2, cells, message: expected }]);
    }
  });

  it('keeps good rows and reports exactly the bad ones with their row numbers', () => {
    const rows = [
      row(2, { [H.questionContent]: '一', [H.answerContent]: '答' }),
      row(3, { [H.questionContent]: '', [H.answerContent]: '答' }),
      row(4, { [H.questionContent]: '三', [H.answerContent]: '答', [H.useType]: '否', [H.displayOrder]: '2' }),
      row(6, { [H.questionContent]: '五', [H.answerContent]: '' }),
    ];
    const { valid, errors } = validateRows('b.xlsx', rows, qaImportRowSchema, toInput);
    expect(valid.map((v) => [v.row.rowNumber, v.data.questionContent, v.data.useType, v.data.displayOrder])).toEqual([
      [2, '一', '0', 1],
      [4, '三', '0', 2],
    ]);
    expect(errors.map((e) => [e.rowNumber, e.message])).toEqual([
      [3, '请输入问题描述!'],
      [6, '请输入答案内容!'],
    ]);
  });
});

describe('buildErrorWorkbook', () => {
  it('lists each refused row with its file, row number, cells under the template headers, and reason', async () => {
    const errors: RowError[] = [
      {
        file: '甲.xlsx',
        rowNumber: 3,
        cells: { [H.questionContent]: '', [H.answerContent]: '答' },
        message: '请输入问题描述!',
      },
      {
        file: '乙.xls',
        rowNumber: 7,
        cells: { [H.questionContent]: '问', [H.answerContent]: '' },
        message: '请输入答案内容!',
      },
    ];
    const content = await buildErrorWorkbook([H.questionContent, H.answerContent, H.useType], errors);
    expect(sniffWorkbook(content)).toBe('xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(content as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('错误明细');
    const values = (n: number) => ((ws?.getRow(n).values ?? []) as unknown[]).slice(1);
    expect(values(1)).toEqual(['文件', '行号', '问题描述', '答案内容', '是否供应商可见', '错误信息']);
    expect(values(2)).toEqual(['甲.xlsx', 3, '', '答', '', '请输入问题描述!']);
    expect(values(3)).toEqual(['乙.xls', 7, '问', '', '', '请输入答案内容!']);
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(1).font?.bold).toBe(true);
  });
});

describe('readWorkbook', () => {
  const grid = [['问题描述', '答案内容', '排序'], ['问一', '答一', 2], [], ['问三', '', '']];

  it('reads .xlsx by header text, numbering rows as Excel does and skipping blank ones', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    for (const r of grid) ws.addRow(r);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readWorkbook(content, 'xlsx')).toEqual({
      headers: ['问题描述', '答案内容', '排序'],
      rows: [
        { rowNumber: 2, cells: { 问题描述: '问一', 答案内容: '答一', 排序: '2' } },
        { rowNumber: 4, cells: { 问题描述: '问三', 答案内容: '', 排序: '' } },
      ],
    });
  });

  it('reads a legacy Excel 97-2003 (.xls, BIFF8) workbook the same way', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(grid), 's');
    const content = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    expect(sniffWorkbook(content)).toBe('xls');
    expect(await readWorkbook(content, 'xls')).toEqual({
      headers: ['问题描述', '答案内容', '排序'],
      rows: [
        { rowNumber: 2, cells: { 问题描述: '问一', 答案内容: '答一', 排序: '2' } },
        { rowNumber: 4, cells: { 问题描述: '问三', 答案内容: '', 排序: '' } },
      ],
    });
  });
});
