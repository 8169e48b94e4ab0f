/**
 * The Excel import/export kit (§4 "Excel import", §5, §7 "Import", §8): texts, limits and the import result every
 * module's importExcel answers. Zod-free, so the web's shared import modal can use it.
 */

export const EXCEL_LIMITS = {
  /** Files in one import request. */
  files: 10,
  /** Bytes per uploaded file (10 MB). */
  fileBytes: 10 * 1024 * 1024,
  /** Data rows in one import request, all files together. */
  importRows: 5000,
  /** Rows in one export. */
  exportRows: 10000,
} as const;

/** The file types the import modal offers (§5: .xls and .xlsx, several files). */
export const EXCEL_ACCEPT = '.xls,.xlsx';

export const EXCEL_MESSAGES = {
  /** §4/§8: code 201, imported with error rows (shown by the web, verbatim). */
  partial: '导入成功,但是有错误数据!',
  /** The envelope's own message for code 201 (the JeecgBoot wording). */
  partialEnvelope: '文件导入成功，但有错误。',
  /** Prefix of the code-200 message, followed by the summary. */
  success: '文件导入成功！',
  /** §4/§8: nothing uploaded. */
  noFile: '未上传任何文件',
  badType: '只能导入 .xls 或 .xlsx 文件',
  broken: '文件已损坏或不是有效的Excel文件',
  empty: '文件中没有可导入的数据',
  tooMany: `单次最多导入${EXCEL_LIMITS.importRows}行`,
  missingColumns: '模板不正确，缺少列 ',
  fileTooLarge: '文件大小超出10MB限制',
  tooManyFiles: `一次最多上传${EXCEL_LIMITS.files}个文件`,
  /** A database failure part-way through a file: that file's transaction is rolled back. */
  rolledBack: '写入失败，本文件已整体回滚，未导入任何数据',
  /** §8: blob download with nothing in it. */
  downloadFailed: '文件下载失败',
  uploading: '上传中',
  /** §8 upload texts. */
  uploadFailed: '上传失败',
  processing: '正在处理，请稍候…',
} as const;

/** One file of an import request. */
export interface ExcelImportFileResult {
  fileName: string;
  total: number;
  /** Rows written: new entries and, where the list's policy updates, existing ones. */
  imported: number;
  /** Of `imported`, rows that updated an entry that already existed. */
  updated: number;
  failed: number;
}

/**
 * What an import does with a row whose key already exists in the list (issue 11 §7: re-importing an exported FAQ
 * workbook used to create duplicates). Every list that imports declares one; its import dialog shows `text`
 * before anything is sent, and the server does exactly that.
 */
export interface ImportExistingRows {
  /** update: the existing entry takes the row's values; refuse: the row goes to the error workbook. */
  policy: 'update' | 'refuse';
  text: string;
}

/**
 * importExcel result (§4, §7, §8). With error rows the envelope's code is 201, its message
 * EXCEL_MESSAGES.partialEnvelope, and `fileUrl` the error workbook's path under /aps (a login-only GET answering
 * an .xlsx); otherwise code 200 and no file.
 */
export interface ExcelImportResult {
  total: number;
  imported: number;
  failed: number;
  /** A one-line summary, e.g. 共3行，成功2行，失败1行. */
  msg: string;
  fileUrl: string | null;
  fileName: string | null;
  /** Per file: each file is imported in its own transaction. */
  files: ExcelImportFileResult[];
}

/** The summary line of an import. */
export const importSummary = (total: number, imported: number, failed: number, updated = 0) =>
  `共${total}行，成功${imported}行${updated > 0 ? `（其中更新已有${updated}行）` : ''}，失败${failed}行`;
