/**
 * The zod-free half of the FAQ (问题答疑) contract: codes, defaults, limits and the §5 messages. The web builds
 * its form rules from these; `qa.ts` builds the server's zod schemas from the same values.
 */
import { EXCEL_LIMITS, EXCEL_MESSAGES, type ExcelImportResult, type ImportExistingRows } from './excel.constants.ts';

/** The API base of the module (§7). */
export const QA_API = '/questionsandanswers/questionsAndAnswers';

/** useType (dictionary yn): '1' visible to suppliers (/moreHelp), '0' staff only. */
export const QA_USE_TYPE = { hidden: '0', supplier: '1' } as const;

/** A user whose userEnd list holds '3' (供应商端, §1) is a supplier: they only ever see useType '1' entries. */
export const QA_SUPPLIER_USER_END = '3';

/**
 * Form defaults (§2): useType '0', displayOrder 1. qaType has a required rule but no form field (§2, §5):
 * the server fills QA_DEFAULTS.qaType ('5' 其他 in dictionary qa_type) when a request leaves it out.
 */
export const QA_DEFAULTS = { useType: '0', displayOrder: 1, qaType: '5' } as const;

export const QA_LIMITS = {
  question: 500,
  answer: 5000,
  displayOrderMin: 0,
  displayOrderMax: 99999,
  keyword: 100,
  importRows: EXCEL_LIMITS.importRows,
  exportRows: EXCEL_LIMITS.exportRows,
} as const;

/** §5 texts verbatim, plus our own for limits the spec does not set. */
export const QA_MESSAGES = {
  questionRequired: '请输入问题描述!',
  answerRequired: '请输入答案内容!',
  qaTypeRequired: '请选择问题分类!',
  useTypeRequired: '请选择是否供应商可见',
  questionTooLong: `问题描述最长${QA_LIMITS.question}个字符`,
  answerTooLong: `答案内容最长${QA_LIMITS.answer}个字符`,
  displayOrder: `排序须为${QA_LIMITS.displayOrderMin}到${QA_LIMITS.displayOrderMax}之间的整数`,
  deleteConfirm: '确定删除吗?',
  selectOne: '请选择一条记录！',
  notFound: '问答不存在或已删除',
  importPartial: EXCEL_MESSAGES.partial,
} as const;

/** The columns of the exported sheet, which an import reads back by header text. */
export const QA_EXCEL_HEADERS = {
  questionContent: '问题描述',
  answerContent: '答案内容',
  qaType: '问题分类',
  useType: '是否供应商可见',
  displayOrder: '排序',
  createBy: '创建人',
  createTime: '创建时间',
} as const;

/** Sortable list columns (§7 generic list: `column` must be one of these). */
export const QA_SORTABLE_COLUMNS = ['createTime', 'updateTime', 'displayOrder'] as const;
export type QaSortColumn = (typeof QA_SORTABLE_COLUMNS)[number];

/** A Q&A entry (§3) as the list, queryById and the form show it. Times are "YYYY-MM-DD HH:mm:ss". */
export interface QaDto {
  id: string;
  delState: number;
  questionContent: string;
  answerContent: string;
  qaType: string;
  useType: string;
  displayOrder: number;
  createBy: string | null;
  createTime: string;
  updateBy: string | null;
  updateTime: string | null;
}

/** An entry on the public /moreHelp page: no audit fields. */
export type QaPublicDto = Pick<QaDto, 'id' | 'questionContent' | 'answerContent' | 'qaType' | 'displayOrder'>;

/** The form model (§2 "Q&A form"): new when no id, edit when id present. */
export interface QaFormModel {
  id?: string;
  questionContent: string;
  answerContent: string;
  useType: string;
  displayOrder: number;
  qaType?: string;
}

/** importExcel result: the shared kit's (see excel.constants.ts). */
export type QaImportResult = ExcelImportResult;

/** A FAQ row whose 问题描述 matches an entry of the tenant updates that entry (an exported workbook imports back). */
export const QA_IMPORT_EXISTING = {
  policy: 'update',
  text: '问题描述与已有条目相同的行，更新该条目的答案、分类、可见范围和排序，不新增重复条目。',
} as const satisfies ImportExistingRows;

/** A 问题描述 twice in one import. */
export const qaImportDuplicate = (rowNumber: number) => `与第${rowNumber}行的问题描述重复`;
