import {
  EXCEL_LIMITS,
  EXCEL_MESSAGES,
  type ExcelImportFileResult,
  type ExcelImportResult,
  type ImportExistingRows,
  importSummary,
} from '@aps/shared';
import type { z } from 'zod';
import { badRequest } from '../../../core/envelope.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { ImportErrorStore } from './service.ts';
import { buildXlsx, readWorkbook, type SheetColumn, type SheetRow, sniffWorkbook } from './workbook.ts';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** A refused row: where it is, what it held, and why. `rowNumber` is as Excel shows it (header = row 1). */
export interface RowError {
  file: string;
  rowNumber: number;
  cells: Record<string, string>;
  message: string;
}

/** The distinct messages of a failed parse, in order, joined as one reason. */
export function issueText(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join('；');
}

/**
 * Per-row validation (pure): each sheet row becomes form input (`toInput`) and is parsed with the module's row
 * schema from packages/shared, so an imported row obeys exactly the rules of the form (§5 messages verbatim).
 */
export function validateRows<S extends z.ZodType>(
  file: string,
  rows: SheetRow[],
  schema: S,
  toInput: (row: SheetRow) => unknown,
): { valid: { row: SheetRow; data: z.output<S> }[]; errors: RowError[] } {
  const valid: { row: SheetRow; data: z.output<S> }[] = [];
  const errors: RowError[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(toInput(row));
    if (parsed.success) valid.push({ row, data: parsed.data });
    else errors.push({ file, rowNumber: row.rowNumber, cells: row.cells, message: issueText(parsed.error) });
  }
  return { valid, errors };
}

/**
 * The error workbook (§4 "a download link for details"): one line per refused row with its file, row number, the
 * cells it held under the template's headers, and the reason. The headers are the template's, so a user can fix
 * the lines and import the report's columns again.
 */
export function buildErrorWorkbook(headers: string[], errors: RowError[]): Promise<Buffer> {
  const columns: SheetColumn<RowError>[] = [
    { header: '文件', width: 24, value: (e) => e.file },
    { header: '行号', width: 8, value: (e) => e.rowNumber },
    ...headers.map((h) => ({
      header: h,
      width: Math.min(40, Math.max(12, h.length * 3)),
      value: (e: RowError) => e.cells[h] ?? '',
    })),
    { header: '错误信息', width: 48, wrap: true, value: (e) => e.message },
  ];
  return buildXlsx('错误明细', columns, errors);
}

/** How one module imports: its template, its row schema and how a file's good rows are written. */
export interface ImportSpec<Data, Insert> {
  /** The error workbook's name starts with it: `<title>导入错误明细_<time>.xlsx`. */
  title: string;
  /** The template's headers, in order (the export's), and which of them a sheet must have. */
  headers: readonly string[];
  requiredHeaders: readonly string[];
  /** The row schema from packages/shared. */
  schema: z.ZodType<Data>;
  /** Sheet row → form input (header text → field, dictionary text → value, blanks → defaults). */
  toInput(row: SheetRow): unknown;
  /** Rules that need the database (a dictionary value exists): a row to insert, or the reason it is refused. */
  prepare(data: Data, row: SheetRow): Promise<Insert | { error: string }> | Insert | { error: string };
  /** What a row whose key already exists does (the dialog shows the same text); `prepare` and `insert` do it. */
  existingRows: ImportExistingRows;
  /**
   * Writes one file's good rows inside that file's transaction; throwing rolls the whole file back. Resolves to
   * how many of them updated an existing entry (policy `update`; 0 when all were new).
   */
  insert(tx: Tx, rows: Insert[]): Promise<number>;
}

export interface ImportActor {
  tenantId: number;
  userId: string;
}

const isRefusal = (v: unknown): v is { error: string } =>
  typeof v === 'object' && v !== null && 'error' in v && typeof (v as { error: unknown }).error === 'string';

/**
 * The import kit every module's importExcel uses (§4, §7). Each file is read by its content (.xlsx with exceljs,
 * .xls with SheetJS); a file that is not a workbook, lacks the template's headers, or the request holding no data
 * row or too many, is refused with 400 before anything is written. Then, file by file:
 * - every row is validated (schema + `prepare`); bad rows go to the error report with their reasons;
 * - the good rows are written in one transaction per file: a database failure part-way rolls back that file
 *   only (its rows are then reported with EXCEL_MESSAGES.rolledBack), other files keep theirs.
 * Error rows → the report is stored and `fileUrl` names its download (the route answers code 201).
 */
export function createExcelImporter({
  db,
  importErrors,
  log,
}: {
  db: Db;
  importErrors: Pick<ImportErrorStore, 'save'>;
  log?: { error(obj: unknown, msg?: string): void };
}) {
  return async function importFiles<Data, Insert>(
    actor: ImportActor,
    files: UploadedFile[],
    spec: ImportSpec<Data, Insert>,
  ): Promise<ExcelImportResult> {
    if (files.length === 0) throw badRequest(EXCEL_MESSAGES.noFile);
    const sheets: { fileName: string; rows: SheetRow[] }[] = [];
    let total = 0;
    for (const file of files) {
      const rows = await readSheet(file, spec.requiredHeaders);
      total += rows.length;
      if (total > EXCEL_LIMITS.importRows) throw badRequest(EXCEL_MESSAGES.tooMany);
      sheets.push({ fileName: file.fileName, rows });
    }
    if (total === 0) throw badRequest(EXCEL_MESSAGES.empty);

    const errors: RowError[] = [];
    const perFile: ExcelImportFileResult[] = [];
    for (const sheet of sheets) {
      const checked = validateRows(sheet.fileName, sheet.rows, spec.schema, spec.toInput);
      const fileErrors = checked.errors;
      const good: { row: SheetRow; insert: Insert }[] = [];
      for (const { row, data } of checked.valid) {
        const prepared = await spec.prepare(data, row);
        if (isRefusal(prepared)) {
          fileErrors.push({
            file: sheet.fileName,
            rowNumber: row.rowNumber,
            cells: row.cells,
            message: prepared.error,
          });
        } else good.push({ row, insert: prepared });
      }
      let imported = 0;
      let updated = 0;
      if (good.length) {
        try {
          updated = await db.transaction((tx) =>
            spec.insert(
              tx,
              good.map((g) => g.insert),
            ),
          );
          imported = good.length;
        } catch (err) {
          log?.error({ err, file: sheet.fileName }, 'excel import: file rolled back');
          for (const { row } of good) {
            fileErrors.push({
              file: sheet.fileName,
              rowNumber: row.rowNumber,
              cells: row.cells,
              message: EXCEL_MESSAGES.rolledBack,
            });
          }
        }
      }
      fileErrors.sort((a, b) => a.rowNumber - b.rowNumber);
      errors.push(...fileErrors);
      perFile.push({
        fileName: sheet.fileName,
        total: sheet.rows.length,
        imported,
        updated,
        failed: fileErrors.length,
      });
    }

    const imported = perFile.reduce((n, f) => n + f.imported, 0);
    const updated = perFile.reduce((n, f) => n + f.updated, 0);
    const msg = importSummary(total, imported, errors.length, updated);
    if (errors.length === 0) return { total, imported, failed: 0, msg, fileUrl: null, fileName: null, files: perFile };
    const fileName = `${spec.title}导入错误明细_${Date.now()}.xlsx`;
    const fileUrl = await importErrors.save({
      tenantId: actor.tenantId,
      userId: actor.userId,
      fileName,
      content: await buildErrorWorkbook([...spec.headers], errors),
    });
    return { total, imported, failed: errors.length, msg, fileUrl, fileName, files: perFile };
  };
}

export type ExcelImporter = ReturnType<typeof createExcelImporter>;

/** The data rows of an uploaded workbook; anything that is not a readable workbook is refused, naming the file. */
async function readSheet(file: UploadedFile, required: readonly string[]): Promise<SheetRow[]> {
  const refuse = (message: string) => badRequest(`${file.fileName}：${message}`);
  if (!/\.xlsx?$/i.test(file.fileName)) throw refuse(EXCEL_MESSAGES.badType);
  const kind = sniffWorkbook(file.content);
  if (!kind) throw refuse(EXCEL_MESSAGES.badType);
  let sheet: Awaited<ReturnType<typeof readWorkbook>>;
  try {
    sheet = await readWorkbook(file.content, kind);
  } catch {
    throw refuse(EXCEL_MESSAGES.broken);
  }
  const missing = required.filter((h) => !sheet.headers.includes(h));
  if (missing.length) throw refuse(`${EXCEL_MESSAGES.missingColumns}${missing.join('、')}`);
  return sheet.rows;
}
