import type pg from 'pg';
import { BULK_PREFIX, type BulkResult } from './bulk.ts';

/** Packages per bulk project (and plan): a project of five packages, as a large tender has. */
const PER_PROJECT = 5;

const SUBJECTS = [
  '钢筋绑扎劳务分包',
  '模板工程劳务分包',
  '塔式起重机租赁',
  '检测仪器设备采购',
  '发电机组采购',
  'HRB400螺纹钢',
  '商品混凝土C30',
  '普通硅酸盐水泥',
  '防水卷材',
  '电线电缆',
  '镀锌钢管',
  '铝合金门窗',
];
/** From this many packages on, the trigram GIN indexes are dropped and built again after the load. */
const REBUILD_GIN_ABOVE = 50_000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One plan in RARE_EVERY gets this subject: a name search that hits a few dozen packages at a million. */
const RARE_SUBJECT = '隧道通风监测系统';
const RARE_EVERY = 10007;

/**
 * A tenant's years of tenders: most packages are long awarded (12) or failed/closed (9–11); open work is a few
 * percent per stage. Cumulative shares of stages 1–12; stage 7 (about 1 %) is the rare filter of the bench.
 */
const STAGE_SHARES = [0.08, 0.12, 0.15, 0.18, 0.21, 0.23, 0.24, 0.25, 0.35, 0.4, 0.45, 1];

/**
 * Set-based load of `rows` packages for one tenant (issue 14 bench): plans (执行中) and projects of five packages
 * each, all with the BULK- prefix, created over three years; stages spread as STAGE_SHARES (a few 流标), names
 * over SUBJECTS (one rare subject). One INSERT … SELECT
 * per table over generate_series; then VACUUM ANALYZE. `truncate` removes the tenant's earlier bulk rows first.
 */
export async function seedBulkPackages(
  pool: pg.Pool,
  options: { rows: number; tenantId: number; truncate: boolean },
): Promise<BulkResult> {
  const { rows, tenantId, truncate } = options;
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`行数无效: ${rows}`);
  const started = performance.now();
  const client = await pool.connect();
  let deleted = 0;
  let inserted = 0;
  try {
    const departs = await client.query<{ org_code: string; org_category: string }>(
      'SELECT org_code, org_category FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 ORDER BY org_code',
      [tenantId],
    );
    const below = departs.rows.filter((d) => d.org_category !== '1').map((d) => d.org_code);
    const orgCodes = below.length ? below : departs.rows.map((d) => d.org_code);
    if (orgCodes.length === 0) throw new Error(`租户 ${tenantId} 没有部门，无法生成标包`);
    await client.query('BEGIN');
    if (truncate) {
      const res = await client.query(
        `DELETE FROM purchase_package WHERE tenant_id = $1 AND starts_with(purchase_no, $2)`,
        [tenantId, BULK_PREFIX],
      );
      deleted = res.rowCount ?? 0;
      await client.query('DELETE FROM purchase_project WHERE tenant_id = $1 AND starts_with(purchase_no, $2)', [
        tenantId,
        BULK_PREFIX,
      ]);
      await client.query('DELETE FROM purchase_plan WHERE tenant_id = $1 AND starts_with(plan_code, $2)', [
        tenantId,
        BULK_PREFIX,
      ]);
    }
    const last = await client.query<{ n: string | null }>(
      `SELECT max(substr(plan_code, $2::int + 1)::bigint) AS n FROM purchase_plan
        WHERE tenant_id = $1 AND starts_with(plan_code, $3) AND substr(plan_code, $2::int + 1) ~ '^[0-9]+$'`,
      [tenantId, BULK_PREFIX.length, BULK_PREFIX],
    );
    const start = Number(last.rows[0]?.n ?? 0);
    const projects = Math.ceil(rows / PER_PROJECT);
    if (rows > 0) {
      await client.query('SELECT setseed($1)', [((start % 1000) + tenantId) / 2000]);
      await client.query(
        `INSERT INTO purchase_plan (tenant_id, sys_org_code, plan_code, plan_name, category, purchase_method, budget,
           state, approval_status, create_by, create_time)
         SELECT $1::int, ($4::text[])[1 + (g % cardinality($4::text[]))], $5::text || lpad(($3::bigint + g)::text, 9, '0'),
           CASE WHEN ($3::bigint + g) % $7::int = 0 THEN $8::text
             ELSE ($6::text[])[1 + (g % cardinality($6::text[]))] END || '采购计划' || ($3::bigint + g),
           (1 + g % 3)::text, (ARRAY['open_tender','invited_tender','competitive_negotiation','competitive_consultation','inquiry','single_source'])[1 + g % 6],
           100000000, 'executing', '4', 'buyer01',
           timestamptz '2026-11-20 09:00:00+08' - make_interval(mins => floor(random() * 3 * 365 * 24 * 60)::int)
         FROM generate_series(1, $2::int) AS g`,
        [tenantId, projects, start, orgCodes, BULK_PREFIX, SUBJECTS, RARE_EVERY, RARE_SUBJECT],
      );
      await client.query(
        `INSERT INTO purchase_project (tenant_id, plan_id, sys_org_code, purchase_no, purchase_code, purchase_name,
           purchase_category, purchase_method, create_by, create_time)
         SELECT tenant_id, id, sys_org_code, plan_code, plan_code, plan_name, category, purchase_method, create_by, create_time
         FROM purchase_plan
         WHERE tenant_id = $1 AND starts_with(plan_code, $2)
           AND substr(plan_code, length($2) + 1)::bigint > $3::bigint`,
        [tenantId, BULK_PREFIX, start],
      );
      // A large load: the trigram indexes are built once afterwards (CREATE INDEX sorts) instead of growing row by
      // row through their pending lists; their definitions are read back from the catalog, so they stay the
      // migrations'. Inside the transaction: a failure restores them; the table is locked until the commit.
      const gin =
        rows >= REBUILD_GIN_ABOVE
          ? (
              await client.query<{ name: string; def: string }>(
                `SELECT indexname AS name, indexdef AS def FROM pg_indexes
                 WHERE schemaname = current_schema() AND tablename = 'purchase_package' AND indexdef LIKE '% USING gin %'`,
              )
            ).rows
          : [];
      for (const index of gin) await client.query(`DROP INDEX ${quoteIdent(index.name)}`);
      const res = await client.query(
        `INSERT INTO purchase_package (tenant_id, project_id, sys_org_code, purchase_no, purchase_code, purchase_name,
           purchase_category, purchase_method, purchase_stage, election_status, package_no, package_name, fixed_price,
           opening_start_time, review_start_time, review_stop_time, create_by, create_time)
         SELECT s.tenant_id, s.id, s.sys_org_code, s.purchase_no, s.purchase_code, s.purchase_name, s.purchase_category,
           s.purchase_method, s.stage, CASE WHEN s.stage >= 9 AND s.r < 0.12 THEN '0' ELSE '1' END,
           lpad(s.k::text, 2, '0'), s.purchase_name || '第' || s.k || '标包', round((10000 + s.r * 9990000)::numeric, 2),
           -- Open work (stages 1–4) opens in the coming weeks: none is due, so the stage timer finds nothing to do.
           CASE WHEN s.stage <= 4 THEN date_trunc('minute', now()) + make_interval(days => 1 + floor(s.r * 30)::int)
             ELSE s.create_time + interval '20 days' END,
           CASE WHEN s.stage >= 6 THEN s.create_time + interval '20 days 1 hour' END,
           CASE WHEN s.stage >= 9 THEN s.create_time + interval '21 days' END,
           s.create_by, s.create_time + make_interval(mins => s.k)
         FROM (
           SELECT p.*, k, (SELECT count(*)::int + 1 FROM unnest($5::float8[]) AS c WHERE c <= x.u) AS stage,
             random() AS r,
             row_number() OVER () AS n
           FROM purchase_project p CROSS JOIN generate_series(1, ${PER_PROJECT}) AS k
             CROSS JOIN LATERAL (SELECT random() + 0 * k AS u) AS x
           WHERE p.tenant_id = $1 AND starts_with(p.purchase_no, $2)
             AND substr(p.purchase_no, length($2) + 1)::bigint > $3::bigint
         ) s
         WHERE s.n <= $4`,
        [tenantId, BULK_PREFIX, start, rows, STAGE_SHARES],
      );
      inserted = res.rowCount ?? 0;
      if (gin.length) await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const index of gin) await client.query(index.def);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  await pool.query('VACUUM (ANALYZE) purchase_plan, purchase_project, purchase_package');
  const total = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM purchase_package WHERE tenant_id = $1 AND starts_with(purchase_no, $2)',
    [tenantId, BULK_PREFIX],
  );
  return { inserted, deleted, total: total.rows[0]?.n ?? 0, seconds: (performance.now() - started) / 1000 };
}
