import type ExcelJS from 'exceljs';

/** exceljs is large (~15 MB of heap once loaded): load it on the first import or export, not at start. */
const loadExcel = async () => (await import('exceljs')).default;

/** One column of an exported sheet: its Chinese header, width in characters and how a row fills it. */
export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => string | number | null;
  /** Long text wraps inside the cell instead of running over its neighbours. */
  wrap?: boolean;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A real .xlsx (Office Open XML) with a bold, frozen header row. */
export async function buildXlsx<Row>(sheetName: string, columns: SheetColumn<Row>[], rows: Row[]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'APS 全流程数字化采购平台';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: c.wrap ? { alignment: { wrapText: true, vertical: 'top' } } : { alignment: { vertical: 'top' } },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF4FB' } };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** What a byte sequence is: an OOXML workbook (zip), a legacy BIFF .xls (OLE2 compound file), or neither. */
export function sniffWorkbook(content: Buffer): 'xlsx' | 'xls' | null {
  if (content.length >= 4 && content.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex'))) return 'xls';
  return null;
}

export interface SheetRow {
  /** The row number as Excel shows it (the header is row 1). */
  rowNumber: number;
  /** Cell text by header text; blank cells are ''. */
  cells: Record<string, string>;
}

/** The first worksheet's rows as text keyed by the header row; fully blank rows are skipped. */
export async function readFirstSheet(content: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const workbook = new (await loadExcel()).Workbook();
  // exceljs types its parameter as the old Buffer; any Node buffer is accepted at run time.
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    grid[rowNumber - 1] = cells;
  });
  return keyByHeader(grid);
}

/**
 * The first worksheet of a legacy Excel 97-2003 (BIFF) workbook, read with SheetJS (the `@e965/xlsx` republish of
 * SheetJS CE 0.20.3: the `xlsx` package on npm stopped at 0.18.5, which has known parser vulnerabilities). exceljs
 * reads only OOXML; SheetJS is loaded for .xls uploads only.
 */
export async function readLegacySheet(content: Buffer): Promise<{ headers: string[]; rows: SheetRow[] }> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(content, { type: 'buffer', cellDates: true, dense: true });
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) return { headers: [], rows: [] };
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
  const grid = rows.map((r) =>
    r.map((v) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v))),
  );
  return keyByHeader(grid);
}

/** Reads an upload by its content (never by its name alone): OOXML with exceljs, BIFF with SheetJS. */
export function readWorkbook(content: Buffer, kind: 'xlsx' | 'xls') {
  return kind === 'xls' ? readLegacySheet(content) : readFirstSheet(content);
}

/** Rows of cell text (row 1 the header) → rows keyed by header text, numbered as Excel shows them. */
function keyByHeader(grid: (string[] | undefined)[]): { headers: string[]; rows: SheetRow[] } {
  const headers = (grid[0] ?? []).map((h) => (h ?? '').trim());
  const rows: SheetRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const line = grid[i];
    if (!line) continue;
    const cells: Record<string, string> = {};
    let blank = true;
    headers.forEach((name, col) => {
      if (!name) return;
      const text = (line[col] ?? '').trim();
      if (text) blank = false;
      cells[name] = text;
    });
    if (!blank) rows.push({ rowNumber: i + 1, cells });
  }
  return { headers: headers.filter(Boolean), rows };
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
    if ('text' in v) return String(v.text);
  }
  return cell.text ?? '';
}

/** Content-Disposition for a download with a Chinese file name (RFC 6266 / 5987), ASCII fallback first. */
export function attachment(fileName: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
