import {
  DICT,
  formatDateTime,
  type PageResult,
  QA_DEFAULTS,
  QA_EXCEL_HEADERS,
  QA_IMPORT_EXISTING,
  QA_LIMITS,
  QA_MESSAGES,
  QA_SUPPLIER_USER_END,
  QA_USE_TYPE,
  type QaAddRequest,
  type QaDto,
  type QaEditRequest,
  type QaExportQuery,
  type QaImportResult,
  type QaListQuery,
  type QaPublicDto,
  qaImportDuplicate,
  qaImportRowSchema,
} from '@aps/shared';
import type { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db } from '../../../db/client.ts';
import type { DictService } from '../dict/service.ts';
import type { ListExport } from '../excel/export.ts';
import type { ExcelImporter, UploadedFile } from '../excel/import.ts';
import { exportColumns, rowToInput } from './excel.ts';
import { createQaRepo, type QaFilter, type QaInsert, type QaRow } from './repo.ts';

/** Who is acting: the tenant the request works in and the signed-in user. */
export interface QaActor {
  tenantId: number;
  userId: string;
  username: string;
}

export type { UploadedFile };

export interface QaService {
  /** Server-paged list; a supplier only ever gets useType '1' entries. */
  list(actor: QaActor, query: QaListQuery): Promise<PageResult<QaDto>>;
  queryById(actor: QaActor, id: string): Promise<QaDto>;
  add(actor: QaActor, body: QaAddRequest): Promise<QaDto>;
  edit(actor: QaActor, body: QaEditRequest): Promise<QaDto>;
  remove(actor: QaActor, ids: string[]): Promise<number>;
  /** The list as the export streams it: the same filter as `list` (so the advanced query too), or the selection. */
  exportList(actor: QaActor, query: QaExportQuery): Promise<ListExport<QaDto>>;
  /** Each file's valid rows are saved in that file's transaction; bad rows go to an error report (code 201). */
  importFiles(actor: QaActor, files: UploadedFile[]): Promise<QaImportResult>;
  /** The public /moreHelp list: supplier-visible entries of one tenant, by displayOrder. */
  publicList(tenantId: number, keyword: string | undefined): Promise<QaPublicDto[]>;
}

export function toQaDto(r: QaRow): QaDto {
  return {
    id: r.id,
    delState: r.delState,
    questionContent: r.questionContent,
    answerContent: r.answerContent,
    qaType: r.qaType,
    useType: r.useType,
    displayOrder: r.displayOrder,
    createBy: r.createBy,
    createTime: formatDateTime(r.createTime) ?? '',
    updateBy: r.updateBy,
    updateTime: formatDateTime(r.updateTime),
  };
}

export function createQaService({
  db,
  dicts,
  importExcel,
}: {
  db: Db;
  dicts: Pick<DictService, 'items'>;
  importExcel: ExcelImporter;
}): QaService {
  const repo = createQaRepo(db);

  /** Suppliers (userEnd holds '3') see only the entries marked visible to suppliers. */
  async function visibility(actor: QaActor): Promise<string | undefined> {
    const ends = await repo.userEnds(actor.userId);
    return ends.includes(QA_SUPPLIER_USER_END) ? QA_USE_TYPE.supplier : undefined;
  }

  async function scopedFilter(actor: QaActor, f: Omit<QaFilter, 'tenantId'>): Promise<QaFilter> {
    const forced = await visibility(actor);
    if (forced && f.useType && f.useType !== forced) return { ...f, tenantId: actor.tenantId, ids: [] };
    return { ...f, tenantId: actor.tenantId, useType: forced ?? f.useType };
  }

  /**
   * qaType is required (§5) but not on the form: absent means QA_DEFAULTS.qaType ('5' 其他) when the qa_type
   * dictionary has it, else the dictionary's first item. A given value must be one of its items.
   */
  async function resolveQaType(value: string | undefined, current?: string): Promise<string> {
    const items = await dicts.items(DICT.qaType);
    if (value === undefined) {
      if (current) return current;
      return items.some((i) => i.value === QA_DEFAULTS.qaType)
        ? QA_DEFAULTS.qaType
        : (items[0]?.value ?? QA_DEFAULTS.qaType);
    }
    if (items.length && !items.some((i) => i.value === value)) throw badRequest(QA_MESSAGES.qaTypeRequired);
    return value;
  }

  /**
   * The list's filter from its query: one builder for `list` and `exportList`, so any condition the list learns
   * (e.g. the advanced query) narrows the export as well.
   */
  function listFilter(actor: QaActor, q: QaExportQuery, ids?: string[]): Promise<QaFilter> {
    return scopedFilter(actor, {
      keyword: q.keyword,
      useType: q.useType,
      qaType: q.qaType,
      ids,
      superQuery: { lines: q.superQueryParams, matchType: q.superQueryMatchType },
    });
  }

  async function get(actor: QaActor, id: string): Promise<QaRow> {
    const row = await repo.find(actor.tenantId, id);
    const forced = row ? await visibility(actor) : undefined;
    if (!row || (forced && row.useType !== forced)) throw notFound(QA_MESSAGES.notFound);
    return row;
  }

  return {
    async list(actor, q) {
      const filter = await listFilter(actor, q);
      const sort = { column: q.column, order: q.order };
      return fetchPage(q, repo.countQuery(filter), (offset, limit) => repo.page(filter, sort, offset, limit), toQaDto);
    },

    async queryById(actor, id) {
      return toQaDto(await get(actor, id));
    },

    async add(actor, body) {
      const row = await repo.insert({
        tenantId: actor.tenantId,
        questionContent: body.questionContent,
        answerContent: body.answerContent,
        useType: body.useType,
        displayOrder: body.displayOrder,
        qaType: await resolveQaType(body.qaType),
        createBy: actor.username,
      });
      return toQaDto(row);
    },

    async edit(actor, body) {
      const current = await get(actor, body.id);
      const row = await repo.update(actor.tenantId, body.id, {
        questionContent: body.questionContent,
        answerContent: body.answerContent,
        useType: body.useType,
        displayOrder: body.displayOrder,
        qaType: await resolveQaType(body.qaType, current.qaType),
        updateBy: actor.username,
      });
      if (!row) throw notFound(QA_MESSAGES.notFound);
      return toQaDto(row);
    },

    async remove(actor, ids) {
      const removed = await db.transaction((tx) => repo.softDelete(tx, actor.tenantId, ids, actor.username));
      if (removed === 0) throw notFound(QA_MESSAGES.notFound);
      return removed;
    },

    async exportList(actor, q) {
      const filter = await listFilter(actor, q, q.selections?.length ? q.selections : undefined);
      const sort = { column: q.column, order: q.order };
      const [qaTypes, yn] = await Promise.all([dicts.items(DICT.qaType), dicts.items(DICT.yn)]);
      return {
        sheetName: '问题答疑',
        columns: exportColumns(qaTypes, yn),
        page: async (offset, limit) => (await repo.page(filter, sort, offset, limit)).map(toQaDto),
      };
    },

    async importFiles(actor, files) {
      const [qaTypes, yn] = await Promise.all([dicts.items(DICT.qaType), dicts.items(DICT.yn)]);
      // 问题描述 is the key (QA_IMPORT_EXISTING): a re-imported export updates its entries instead of doubling them.
      const rowOfQuestion = new Map<string, number>();
      return importExcel<z.output<typeof qaImportRowSchema>, QaInsert & { existingId: string | null }>(actor, files, {
        title: '问题答疑',
        headers: IMPORT_HEADERS,
        requiredHeaders: REQUIRED_HEADERS,
        schema: qaImportRowSchema,
        toInput: (row) => rowToInput(row, qaTypes, yn),
        existingRows: QA_IMPORT_EXISTING,
        prepare: async (data, row) => {
          const earlier = rowOfQuestion.get(data.questionContent);
          if (earlier !== undefined) return { error: qaImportDuplicate(earlier) };
          rowOfQuestion.set(data.questionContent, row.rowNumber);
          try {
            return {
              tenantId: actor.tenantId,
              questionContent: data.questionContent,
              answerContent: data.answerContent,
              useType: data.useType,
              displayOrder: data.displayOrder,
              qaType: await resolveQaType(data.qaType),
              createBy: actor.username,
              existingId: await repo.idByQuestion(actor.tenantId, data.questionContent),
            };
          } catch (err) {
            if (err instanceof ApiError) return { error: err.message };
            throw err;
          }
        },
        insert: async (tx, rows) => {
          const fresh = rows.filter((r) => !r.existingId).map(({ existingId: _, ...r }) => r);
          const existing = rows.filter((r) => r.existingId);
          await repo.insertMany(tx, fresh);
          for (const { existingId, ...r } of existing) if (existingId) await repo.updateImported(tx, existingId, r);
          return existing.length;
        },
      });
    },

    async publicList(tenantId, keyword) {
      return repo.publicList(tenantId, keyword, QA_LIMITS.exportRows);
    },
  };
}

const H = QA_EXCEL_HEADERS;
/** The columns an import reads (the export's, less the audit ones); the first two must be there. */
const IMPORT_HEADERS = [H.questionContent, H.answerContent, H.qaType, H.useType, H.displayOrder];
const REQUIRED_HEADERS = [H.questionContent, H.answerContent];
