import {
  CATEGORY_MESSAGES,
  CATEGORY_ROOT,
  type CategoryAddRequest,
  type CategoryDto,
  type CategoryEditRequest,
  type CategoryListQuery,
  type CategoryTreeNode,
  formatDateTime,
  type PageResult,
} from '@aps/shared';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../../core/envelope.ts';
import { fetchPage } from '../../../core/paging.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { containsPattern, orderOf } from '../dict/kit.ts';
import { uniqueViolation } from '../permission/pg-errors.ts';
import { sysCategory } from './tables.ts';

type Row = typeof sysCategory.$inferSelect;

/** The category dictionary of a tenant (§7: /sys/category/*). */
export interface CategoryService {
  list(tenantId: number, query: CategoryListQuery): Promise<PageResult<CategoryDto>>;
  children(tenantId: number, pid: string): Promise<CategoryDto[]>;
  byId(tenantId: number, id: string): Promise<CategoryDto>;
  add(tenantId: number, createBy: string, input: CategoryAddRequest): Promise<CategoryDto>;
  edit(tenantId: number, input: CategoryEditRequest): Promise<CategoryDto>;
  remove(tenantId: number, ids: string[]): Promise<number>;
  /** Children of the node with code pcode ("0": the roots); the whole subtree unless async. */
  treeRoot(tenantId: number, pcode: string, async: boolean): Promise<CategoryTreeNode[]>;
  treeChildren(tenantId: number, pid: string): Promise<CategoryTreeNode[]>;
  loadOne(tenantId: number, field: string, val: string): Promise<CategoryDto>;
  /** JTreeSelect: children of pid (or of pcode's node) that satisfy condition, a JSON object string. */
  treeData(tenantId: number, query: { pid?: string; pcode: string; condition?: string }): Promise<CategoryTreeNode[]>;
  /** The names of the given ids, in their order (unknown ids are left out). */
  names(tenantId: number, ids: string[]): Promise<string[]>;
}

/** Fields loadOne and a JTreeSelect condition may name (camelCase or the column's name). */
const FIELDS: Record<string, keyof Row> = {
  id: 'id',
  code: 'code',
  name: 'name',
  pid: 'pid',
  hasChild: 'hasChild',
  has_child: 'hasChild',
};

const SORT = { createTime: sysCategory.createTime, name: sysCategory.name, code: sysCategory.code };

const toDto = (r: Row): CategoryDto => ({
  id: r.id,
  pid: r.pid,
  name: r.name,
  code: r.code,
  hasChild: r.hasChild === '1' ? '1' : '0',
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime) ?? '',
  updateTime: formatDateTime(r.updateTime),
});

const toNode = (r: Row): CategoryTreeNode => ({
  key: r.id,
  value: r.id,
  label: r.name,
  title: r.name,
  name: r.name,
  code: r.code,
  pid: r.pid,
  leaf: r.hasChild === '1' ? 0 : 1,
  isLeaf: r.hasChild !== '1',
});

/** Sibling codes run A01..A99, B01..B99, … Z99 under the parent's code. */
export function nextCategoryCode(parentCode: string, siblingCodes: string[]): string {
  let max = -1;
  const own = new RegExp(`^${parentCode.replace(/[^A-Za-z0-9_]/g, '')}([A-Z])(\\d{2})$`);
  for (const code of siblingCodes) {
    const m = own.exec(code);
    if (!m) continue;
    const index = ((m[1] ?? 'A').charCodeAt(0) - 65) * 99 + Number(m[2]) - 1;
    if (index > max) max = index;
  }
  const next = max + 1;
  if (next >= 26 * 99) throw badRequest('该层级的分类编码已用完');
  return `${parentCode}${String.fromCharCode(65 + Math.floor(next / 99))}${String((next % 99) + 1).padStart(2, '0')}`;
}

export function createCategoryService({ db }: { db: Db }): CategoryService {
  const inTenant = (tenantId: number) => eq(sysCategory.tenantId, tenantId);

  async function find(tx: DbOrTx, tenantId: number, id: string): Promise<Row | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await tx
      .select()
      .from(sysCategory)
      .where(and(inTenant(tenantId), eq(sysCategory.id, id)));
    return row;
  }

  async function childRows(tenantId: number, pid: string, extra?: SQL): Promise<Row[]> {
    return db
      .select()
      .from(sysCategory)
      .where(and(inTenant(tenantId), eq(sysCategory.pid, pid), extra))
      .orderBy(asc(sysCategory.code));
  }

  /** The pid whose children a pcode asks for: "0" is the top level, else the node with that code. */
  async function pidOfCode(tenantId: number, pcode: string): Promise<string | null> {
    if (pcode === CATEGORY_ROOT) return CATEGORY_ROOT;
    const [row] = await db
      .select({ id: sysCategory.id })
      .from(sysCategory)
      .where(and(inTenant(tenantId), eq(sysCategory.code, pcode)));
    return row?.id ?? null;
  }

  async function refreshHasChild(tx: DbOrTx, tenantId: number, id: string) {
    if (id === CATEGORY_ROOT) return;
    await tx.execute(sql`
      UPDATE sys_category p SET has_child = CASE WHEN EXISTS (
        SELECT 1 FROM sys_category c WHERE c.tenant_id = ${tenantId} AND c.pid = ${id}) THEN '1' ELSE '0' END
      WHERE p.tenant_id = ${tenantId} AND p.id::text = ${id}`);
  }

  /** Serialises code generation and tree moves within a tenant. */
  const lockTenant = (tx: DbOrTx, tenantId: number) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sys_category'), ${tenantId})`);

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (uniqueViolation(err)) throw badRequest(CATEGORY_MESSAGES.codeTaken);
      throw err;
    }
  }

  async function codeFor(tx: DbOrTx, tenantId: number, pid: string): Promise<string> {
    let parentCode = '';
    if (pid !== CATEGORY_ROOT) {
      const parent = await find(tx, tenantId, pid);
      if (!parent) throw badRequest(CATEGORY_MESSAGES.parentNotFound);
      parentCode = parent.code;
    }
    const siblings = await tx
      .select({ code: sysCategory.code })
      .from(sysCategory)
      .where(and(inTenant(tenantId), eq(sysCategory.pid, pid)));
    return nextCategoryCode(
      parentCode,
      siblings.map((s) => s.code),
    );
  }

  async function subtree(tenantId: number, pid: string): Promise<CategoryTreeNode[]> {
    const result = await db.execute<{ id: string }>(sql`
      WITH RECURSIVE tree AS (
        SELECT id FROM sys_category WHERE tenant_id = ${tenantId} AND pid = ${pid}
        UNION ALL
        SELECT c.id FROM sys_category c JOIN tree t ON c.pid = t.id::text WHERE c.tenant_id = ${tenantId}
      ) SELECT id FROM tree LIMIT 20000`);
    const ids = result.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await db
      .select()
      .from(sysCategory)
      .where(and(inTenant(tenantId), inArray(sysCategory.id, ids)))
      .orderBy(asc(sysCategory.code));
    const nodes = new Map(rows.map((r) => [r.id, toNode(r)]));
    const roots: CategoryTreeNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.id);
      if (!node) continue;
      const parent = nodes.get(r.pid);
      if (!parent) roots.push(node);
      else if (parent.children) parent.children.push(node);
      else parent.children = [node];
    }
    return roots;
  }

  const service: CategoryService = {
    async list(tenantId, q) {
      const filters: SQL[] = [inTenant(tenantId)];
      if (q.name) filters.push(ilike(sysCategory.name, containsPattern(q.name)));
      if (q.code) filters.push(ilike(sysCategory.code, containsPattern(q.code)));
      // Without a search the list pages the roots (or the children of pid); children load per row.
      if (q.pid || (!q.name && !q.code)) filters.push(eq(sysCategory.pid, q.pid || CATEGORY_ROOT));
      const where = and(...filters);
      return fetchPage(
        q,
        db.select({ n: count() }).from(sysCategory).where(where),
        (offset, limit) =>
          db
            .select()
            .from(sysCategory)
            .where(where)
            .orderBy(...orderOf(SORT, q, 'createTime', sysCategory.id))
            .offset(offset)
            .limit(limit),
        toDto,
      );
    },

    async children(tenantId, pid) {
      return (await childRows(tenantId, pid)).map(toDto);
    },

    async byId(tenantId, id) {
      const row = await find(db, tenantId, id);
      if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
      return toDto(row);
    },

    add(tenantId, createBy, input) {
      return write(() =>
        db.transaction(async (tx) => {
          await lockTenant(tx, tenantId);
          const pid = input.pid || CATEGORY_ROOT;
          const code = input.code ?? (await codeFor(tx, tenantId, pid));
          if (input.code && pid !== CATEGORY_ROOT && !(await find(tx, tenantId, pid))) {
            throw badRequest(CATEGORY_MESSAGES.parentNotFound);
          }
          const [row] = await tx
            .insert(sysCategory)
            .values({ tenantId, pid, name: input.name, code, createBy })
            .returning();
          await refreshHasChild(tx, tenantId, pid);
          if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
          return toDto(row);
        }),
      );
    },

    edit(tenantId, input) {
      return write(() =>
        db.transaction(async (tx) => {
          await lockTenant(tx, tenantId);
          const current = await find(tx, tenantId, input.id);
          if (!current) throw notFound(CATEGORY_MESSAGES.notFound);
          const pid = input.pid || CATEGORY_ROOT;
          if (pid !== current.pid && pid !== CATEGORY_ROOT) {
            if (!(await find(tx, tenantId, pid))) throw badRequest(CATEGORY_MESSAGES.parentNotFound);
            const cycle = await tx.execute<{ hit: boolean }>(sql`
              WITH RECURSIVE up AS (
                SELECT id, pid FROM sys_category WHERE tenant_id = ${tenantId} AND id::text = ${pid}
                UNION ALL
                SELECT c.id, c.pid FROM sys_category c JOIN up ON c.id::text = up.pid WHERE c.tenant_id = ${tenantId}
              ) SELECT EXISTS (SELECT 1 FROM up WHERE id::text = ${input.id}) AS hit`);
            if (cycle.rows[0]?.hit) throw badRequest(CATEGORY_MESSAGES.cycle);
          }
          const code = input.code ?? (pid === current.pid ? current.code : await codeFor(tx, tenantId, pid));
          const [row] = await tx
            .update(sysCategory)
            .set({ pid, name: input.name, code, updateTime: new Date() })
            .where(and(inTenant(tenantId), eq(sysCategory.id, input.id)))
            .returning();
          await refreshHasChild(tx, tenantId, current.pid);
          await refreshHasChild(tx, tenantId, pid);
          if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
          return toDto(row);
        }),
      );
    },

    remove(tenantId, ids) {
      return db.transaction(async (tx) => {
        await lockTenant(tx, tenantId);
        const rows = await tx
          .select()
          .from(sysCategory)
          .where(and(inTenant(tenantId), inArray(sysCategory.id, ids)));
        if (rows.length === 0) throw notFound(CATEGORY_MESSAGES.notFound);
        const doomed = new Set(rows.map((r) => r.id));
        const kids = await tx
          .select({ id: sysCategory.id })
          .from(sysCategory)
          .where(and(inTenant(tenantId), inArray(sysCategory.pid, [...doomed])));
        if (kids.some((k) => !doomed.has(k.id))) throw badRequest(CATEGORY_MESSAGES.hasChildren);
        await tx.delete(sysCategory).where(and(inTenant(tenantId), inArray(sysCategory.id, [...doomed])));
        for (const pid of new Set(rows.map((r) => r.pid))) await refreshHasChild(tx, tenantId, pid);
        return rows.length;
      });
    },

    async treeRoot(tenantId, pcode, isAsync) {
      const pid = await pidOfCode(tenantId, pcode);
      if (pid === null) return [];
      if (isAsync) return (await childRows(tenantId, pid)).map(toNode);
      return subtree(tenantId, pid);
    },

    async treeChildren(tenantId, pid) {
      return (await childRows(tenantId, pid)).map(toNode);
    },

    async loadOne(tenantId, field, val) {
      const key = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
      if (!key || key === 'hasChild') throw badRequest(CATEGORY_MESSAGES.fieldNotAllowed(field));
      if (key === 'id' && !/^[0-9a-f-]{36}$/i.test(val)) throw notFound(CATEGORY_MESSAGES.notFound);
      const [row] = await db
        .select()
        .from(sysCategory)
        .where(and(inTenant(tenantId), eq(sysCategory[key], val)))
        .orderBy(asc(sysCategory.code))
        .limit(1);
      if (!row) throw notFound(CATEGORY_MESSAGES.notFound);
      return toDto(row);
    },

    async treeData(tenantId, { pid, pcode, condition }) {
      const extra: SQL[] = [];
      if (condition?.trim()) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(condition);
        } catch {
          throw badRequest(CATEGORY_MESSAGES.badCondition);
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          throw badRequest(CATEGORY_MESSAGES.badCondition);
        }
        for (const [field, value] of Object.entries(parsed)) {
          const key = Object.hasOwn(FIELDS, field) ? FIELDS[field] : undefined;
          if (!key) throw badRequest(CATEGORY_MESSAGES.fieldNotAllowed(field));
          if (!['string', 'number', 'boolean'].includes(typeof value)) throw badRequest(CATEGORY_MESSAGES.badCondition);
          extra.push(sql`${sysCategory[key]}::text = ${String(value)}`);
        }
      }
      const parent = pid?.trim() ? pid.trim() : await pidOfCode(tenantId, pcode || CATEGORY_ROOT);
      if (parent === null) return [];
      return (await childRows(tenantId, parent, extra.length ? and(...extra) : undefined)).map(toNode);
    },

    async names(tenantId, ids) {
      const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (valid.length === 0) return [];
      const rows = await db
        .select({ id: sysCategory.id, name: sysCategory.name })
        .from(sysCategory)
        .where(and(inTenant(tenantId), inArray(sysCategory.id, valid)));
      const byId = new Map(rows.map((r) => [r.id, r.name]));
      return valid.flatMap((id) => (byId.has(id) ? [byId.get(id) ?? ''] : []));
    },
  };
  return service;
}
