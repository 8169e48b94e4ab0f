import { randomUUID } from 'node:crypto';
import { ANNOUNCEMENT_CATEGORY, WORKFLOW_MESSAGES as M, WORKFLOW_BUSINESS_TYPES, workflowTaskUrl } from '@aps/shared';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../core/envelope.ts';
import { escapeHtml } from '../../../core/html.ts';
import type { Db } from '../../../db/client.ts';
import { deliverBell } from '../announcement/bell.ts';
import type { InstanceRow } from './engine-types.ts';
import type { CompiledNode } from './graph.ts';
import type { AssigneeContext } from './rules.ts';

/**
 * The engine's reads of people (who a node's assignees are, a user's department, whether a username is in the
 * tenant) and its one write to them: the bell message of a new task. Pure SQL over the platform's user tables;
 * the rules that pick assignees from this context are in rules.ts.
 */
export function createWorkflowDirectory(db: Db) {
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return (await db.execute(query)).rows as T[];
  }

  async function assigneeContext(instance: InstanceRow, node: CompiledNode): Promise<AssigneeContext> {
    const ctx: AssigneeContext = {
      initiator: instance.initiator,
      departChain: [],
      roleMembers: {},
      tenantUsers: new Set(),
    };
    const tenantId = instance.tenant_id;
    if (node.assigneeType === 'dept_leader' && instance.initiator_depart_id) {
      const chain = await rows<{ id: string; directors: string[] | null }>(sql`
        WITH RECURSIVE up(id, parent_id, director_user_ids, depth) AS (
          SELECT id, parent_id, director_user_ids, 0 FROM sys_depart
          WHERE id = ${instance.initiator_depart_id} AND tenant_id = ${tenantId}
          UNION ALL
          SELECT d.id, d.parent_id, d.director_user_ids, up.depth + 1 FROM sys_depart d JOIN up ON d.id = up.parent_id
          WHERE up.depth < 20 AND d.tenant_id = ${tenantId}
        )
        SELECT up.id,
          (SELECT array_agg(u.username ORDER BY u.username) FROM sys_user u
           JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
           WHERE u.id = ANY(up.director_user_ids) AND u.del_flag = 0 AND u.status = 1) AS directors
        FROM up ORDER BY up.depth`);
      ctx.departChain = chain.map((c) => ({ id: c.id, directors: c.directors ?? [] }));
    }
    if (node.assigneeType === 'role' && node.assignees?.length) {
      const members = await rows<{ role_code: string; username: string }>(sql`
        SELECT r.role_code, u.username FROM sys_role r
        JOIN sys_user_role ur ON ur.role_id = r.id
        JOIN sys_user u ON u.id = ur.user_id AND u.del_flag = 0 AND u.status = 1
        JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
        WHERE r.tenant_id = ${tenantId} AND r.role_code IN (${sql.join(
          node.assignees.map((a) => sql`${a}`),
          sql`, `,
        )})`);
      for (const m of members) {
        const list = ctx.roleMembers[m.role_code] ?? [];
        list.push(m.username);
        ctx.roleMembers[m.role_code] = list;
      }
    }
    if (node.assigneeType === 'user' && node.assignees?.length) {
      ctx.tenantUsers = new Set(await tenantUsernames(tenantId, node.assignees));
    }
    return ctx;
  }

  async function tenantUsernames(tenantId: number, usernames: string[]): Promise<string[]> {
    if (!usernames.length) return [];
    const found = await rows<{ username: string }>(sql`
      SELECT u.username FROM sys_user u JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = ${tenantId}
      WHERE u.del_flag = 0 AND u.status = 1 AND u.username IN (${sql.join(
        usernames.map((a) => sql`${a}`),
        sql`, `,
      )})`);
    return found.map((f) => f.username);
  }

  /** A system message in each assignee's bell, opening the task (openType component). */
  async function notify(instance: InstanceRow, tasks: { id: string; assignee: string; nodeName: string }[]) {
    if (!tasks.length) return;
    // One statement for every message and its send row: an approval's latency is mostly round trips.
    const values = sql.join(
      tasks.map((t) => {
        const title = M.taskMessageTitle(instance.title, t.nodeName);
        const content = `<p>${escapeHtml(WORKFLOW_BUSINESS_TYPES[instance.business_type] ?? '')}「${escapeHtml(instance.title)}」待您审批（${escapeHtml(t.nodeName)}），发起人：${escapeHtml(instance.initiator)}。</p>`;
        return sql`(${randomUUID()}::uuid, ${t.id}::text, ${t.assignee}::text, ${title}::text, ${content}::text, ${workflowTaskUrl(t.id)}::text)`;
      }),
      sql`, `,
    );
    // The assignees' 消息设置 (announcement/bell.ts): who muted 待办审批 gets the message kept out of the bell.
    const written = await rows<{ user_id: string; muted: boolean; email: string | null; title: string }>(sql`
      WITH v(annt_id, task_id, assignee, title, content, open_page) AS (VALUES ${values}),
      r AS (
        SELECT v.*, u.id AS user_id, COALESCE('task' = ANY(p.muted), false) AS muted,
          CASE WHEN p.email_copy AND NOT ('task' = ANY(p.muted)) THEN NULLIF(trim(u.email), '') END AS email
        FROM v JOIN sys_user u ON u.username = v.assignee
        LEFT JOIN sys_user_notify_setting p ON p.user_id = u.id
      ),
      ins AS (
        INSERT INTO sys_announcement (id, tenant_id, title, msg_content, msg_abstract, sender, priority, msg_category,
          msg_type, user_ids, send_status, send_time, open_type, open_page, bus_type, bus_id, create_by)
        SELECT r.annt_id, ${instance.tenant_id}, r.title, r.content, r.title, ${instance.initiator}, 'M',
          ${ANNOUNCEMENT_CATEGORY.system}, 'USER', ARRAY[r.user_id], '1', now(), 'component', r.open_page,
          'workflow_task', r.task_id, 'system'
        FROM r
        RETURNING id
      ),
      snd AS (
        INSERT INTO sys_announcement_send (annt_id, user_id, muted)
        SELECT r.annt_id, r.user_id, r.muted FROM r JOIN ins ON ins.id = r.annt_id
        RETURNING annt_id
      )
      SELECT r.user_id, r.muted, r.email, r.title FROM r`);
    for (const w of written) {
      await deliverBell([{ userId: w.user_id, muted: w.muted, email: w.email }], {
        tenantId: instance.tenant_id,
        title: w.title,
        text: w.title,
      });
    }
  }

  async function userDepart(tenantId: number, userId: string): Promise<string | null> {
    const [row] = await rows<{ id: string }>(sql`
      SELECT d.id FROM sys_user u
      JOIN sys_user_depart ud ON ud.user_id = u.id
      JOIN sys_depart d ON d.id = ud.dep_id AND d.tenant_id = ${tenantId} AND d.del_flag = 0
      WHERE u.id = ${userId}
      ORDER BY (d.org_code = u.org_code) DESC, length(d.org_code) DESC, d.org_code LIMIT 1`);
    return row?.id ?? null;
  }

  async function assertTenantUser(tenantId: number, username: string) {
    const found = await tenantUsernames(tenantId, [username]);
    if (!found.length) throw badRequest(M.userNotFound(username));
  }

  return { assigneeContext, tenantUsernames, notify, userDepart, assertTenantUser };
}
