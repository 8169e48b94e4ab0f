import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { attachment, type SheetColumn, XLSX_MIME } from './workbook.ts';

/** At most this many rows leave in one export (§7 "export xls" of a list); the rest of a larger list is cut. */
export const EXPORT_MAX_ROWS = 10_000;
const BATCH = 500;

/**
 * What a list exports: its columns and a page reader. `page` must be the list endpoint's own reader with its
 * where-clause already built from the request (filters, the advanced query `superQueryParams` /
 * `superQueryMatchType`, data scope, row visibility), so whatever narrows the list narrows its export too.
 */
export interface ListExport<Row> {
  sheetName: string;
  columns: SheetColumn<Row>[];
  page(offset: number, limit: number): Promise<Row[]>;
  /** Rows to export at most (default EXPORT_MAX_ROWS). */
  maxRows?: number;
}

/**
 * Streams a list as .xlsx into the reply with exceljs's WorkbookWriter: rows are read in batches of 500 and
 * committed as they arrive, so a 10,000-row export never holds the whole workbook in memory. The first batch is
 * read before any header is sent, so a refused query (a bad filter) still answers as a JSON error.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  file: { fileName: string; asciiFallback: string },
  list: ListExport<Row>,
): Promise<FastifyReply> {
  const max = list.maxRows ?? EXPORT_MAX_ROWS;
  const first = await list.page(0, Math.min(BATCH, max));
  const ExcelJS = (await import('exceljs')).default;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'APS 全流程数字化采购平台';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(list.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = list.columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: c.wrap ? { alignment: { wrapText: true, vertical: 'top' } } : { alignment: { vertical: 'top' } },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF4FB' } };
  header.commit();

  const write = async () => {
    let rows = first;
    let written = 0;
    while (rows.length) {
      for (const row of rows) {
        sheet.addRow(list.columns.map((c) => c.value(row) ?? '')).commit();
      }
      written += rows.length;
      if (rows.length < BATCH || written >= max) break;
      rows = await list.page(written, Math.min(BATCH, max - written));
    }
    sheet.commit();
    await workbook.commit();
  };
  // Headers are out once the stream is sent: a failure later can only cut the download short.
  write().catch((err: unknown) => {
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', attachment(file.fileName, file.asciiFallback))
    .header('Cache-Control', 'no-store')
    .send(out);
}
