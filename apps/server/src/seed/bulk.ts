import type pg from 'pg';

/** Bulk rows carry this purchase_no prefix, so they can be told apart from the demo and removed again. */
export const BULK_PREFIX = 'BULK-';

export interface BulkOptions {
  rows: number;
  tenantId: number;
  /** Delete the tenant's earlier bulk rows first. */
  truncate: boolean;
}

export interface BulkResult {
  inserted: number;
  deleted: number;
  /** Bulk rows of the tenant after the run. */
  total: number;
  seconds: number;
}

const SUBJECTS: Record<'1' | '2' | '3', string[]> = {
  '1': [
    '钢筋绑扎劳务分包',
    '模板工程劳务分包',
    '混凝土浇筑劳务',
    '砌体工程劳务',
    '装饰装修劳务分包',
    '机电安装劳务',
    '幕墙安装劳务分包',
    '土方开挖劳务',
  ],
  '2': [
    '塔式起重机租赁',
    '施工升降机采购',
    '办公家具采购',
    '检测仪器设备采购',
    '发电机组采购',
    '车辆租赁服务',
    '盾构机维保服务',
    '监控系统采购',
  ],
  '3': [
    'HRB400螺纹钢',
    '商品混凝土C30',
    '普通硅酸盐水泥',
    '防水卷材',
    '电线电缆',
    '钢管扣件',
    '蒸压加气砌块',
    '镀锌钢管',
    '铝合金门窗',
  ],
};
const PREFIXES = ['', '', '', '一期', '二期', '三期', '主体结构', '附属工程', '临建设施', '框架协议'];
const BRANDS = ['无品牌要求', '国内一线品牌', '须提供三个品牌供选', '参考品牌：中天、宝钢或同等品质'];
const PAY = ['按月进度款支付80%，竣工结算后付至97%', '货到验收合格后30日内付款', '预付30%，到货付60%，质保期满付10%'];
const CREATORS = ['buyer01', 'branch01', 'project01', 'admin'];

/**
 * Set-based insert of `rows` purchase records for one tenant: one INSERT … SELECT over generate_series,
 * varied names, stages, departments and times over three years; then VACUUM ANALYZE so plans see the new size.
 * Codes continue after the tenant's highest bulk sequence, so repeated runs never collide.
 */
export async function seedBulkPurchases(pool: pg.Pool, options: BulkOptions): Promise<BulkResult> {
  const { rows, tenantId, truncate } = options;
  if (!Number.isInteger(rows) || rows < 0) throw new Error(`行数无效: ${rows}`);
  const started = performance.now();
  const client = await pool.connect();
  let deleted = 0;
  let inserted = 0;
  try {
    const tenant = await client.query('SELECT 1 FROM sys_tenant WHERE id = $1', [tenantId]);
    if (tenant.rowCount === 0) throw new Error(`租户 ${tenantId} 不存在`);
    const departs = await client.query<{ org_code: string; org_category: string }>(
      'SELECT org_code, org_category FROM sys_depart WHERE tenant_id = $1 AND del_flag = 0 ORDER BY org_code',
      [tenantId],
    );
    // Records belong to projects and branches, like the demo; a tenant with only its root gets the root.
    const below = departs.rows.filter((d) => d.org_category !== '1').map((d) => d.org_code);
    const orgCodes = below.length ? below : departs.rows.map((d) => d.org_code);
    if (orgCodes.length === 0) throw new Error(`租户 ${tenantId} 没有部门，无法生成采购记录`);

    await client.query('BEGIN');
    if (truncate) {
      const res = await client.query(
        'DELETE FROM purchase_record WHERE tenant_id = $1 AND starts_with(purchase_no, $2)',
        [tenantId, BULK_PREFIX],
      );
      deleted = res.rowCount ?? 0;
    }
    const last = await client.query<{ n: number | null }>(
      `SELECT max(substr(purchase_no, $2::int + 1)::bigint) AS n FROM purchase_record
        WHERE tenant_id = $1 AND starts_with(purchase_no, $3) AND substr(purchase_no, $2::int + 1) ~ '^[0-9]+$'`,
      [tenantId, BULK_PREFIX.length, BULK_PREFIX],
    );
    const start = Number(last.rows[0]?.n ?? 0);
    if (rows > 0) {
      await client.query('SELECT setseed($1)', [((start % 1000) + tenantId) / 2000]);
      const res = await client.query(BULK_INSERT, [
        tenantId,
        rows,
        start,
        orgCodes,
        SUBJECTS['1'],
        SUBJECTS['2'],
        SUBJECTS['3'],
        PREFIXES,
        BRANDS,
        PAY,
        CREATORS,
        BULK_PREFIX,
      ]);
      inserted = res.rowCount ?? 0;
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  // ANALYZE for the planner; VACUUM clears the deleted rows and sets the visibility map, so counts are
  // index-only scans at once rather than after autovacuum gets round to the table.
  await pool.query('VACUUM (ANALYZE) purchase_record');
  const total = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM purchase_record WHERE tenant_id = $1 AND starts_with(purchase_no, $2)',
    [tenantId, BULK_PREFIX],
  );
  return { inserted, deleted, total: total.rows[0]?.n ?? 0, seconds: (performance.now() - started) / 1000 };
}

/**
 * $1 tenant, $2 rows, $3 last sequence, $4 org codes, $5..$7 subjects per category, $8 name prefixes,
 * $9 brand texts, $10 payment texts, $11 creators, $12 purchase_no prefix.
 * The inner select draws the random numbers once per row; the outer one derives consistent fields from
 * them (stage decides which review times exist, as in the demo seed).
 */
const BULK_INSERT = `
INSERT INTO purchase_record (
  tenant_id, sys_org_code, purchase_no, purchase_code, purchase_name, purchase_category,
  purchase_candidate_count, purchase_stage, opening_start_time, review_start_time, review_stop_time,
  package_no, package_name, number, fixed_price, lower_coefficient_type, lower_coefficient,
  election_status, warranty_period, material_start_time, material_end_time, score_type,
  quotation_round_count, current_round_no, brand_requirements, pay_type_memo, approval_status,
  create_by, create_time)
SELECT
  $1::int,
  ($4::text[])[1 + (s.r_org * cardinality($4::text[]))::int % cardinality($4::text[])],
  $12::text || lpad(s.seq::text, 8, '0'),
  'CG-' || to_char(s.created, 'YYYYMMDD') || '-' || lpad(s.seq::text, 8, '0'),
  to_char(s.created, 'YYYY') || '年度' || s.prefix || s.subject || '项目',
  s.category,
  1 + (s.r_misc * 3)::int % 3,
  s.stage,
  s.opening,
  CASE WHEN s.stage >= 6 THEN s.opening + interval '1 hour' END,
  CASE WHEN s.stage >= 9 THEN s.opening + interval '1 hour' + make_interval(mins => 120 + (s.r_time * 1800)::int) END,
  'BB' || lpad(s.package::text, 2, '0'),
  s.subject || '第' || s.package || '标段',
  (10 + (s.r_price * 5000)::int)::numeric,
  round((50000 + s.r_price * 9950000)::numeric, 2),
  CASE WHEN s.r_misc < 0.4 THEN 1 ELSE 0 END,
  round((s.r_time * 0.15)::numeric, 4),
  CASE WHEN s.stage >= 9 THEN CASE WHEN s.r_misc < 0.12 THEN '0' ELSE '1' END END,
  (ARRAY[6, 12, 24, 36])[1 + (s.r_price * 4)::int % 4],
  s.created + interval '40 days',
  s.created + make_interval(days => 40 + 30 * (1 + (s.r_time * 12)::int % 12)),
  s.score_type,
  s.rounds,
  CASE WHEN s.stage >= 8 THEN s.rounds ELSE 1 END,
  ($9::text[])[1 + (s.r_misc * 7)::int % cardinality($9::text[])],
  ($10::text[])[1 + (s.r_price * 11)::int % cardinality($10::text[])],
  CASE WHEN s.stage >= 10 THEN (ARRAY['2', '4'])[1 + (s.r_time * 2)::int % 2]
       ELSE ((1 + (s.r_time * 6)::int % 6))::text END,
  ($11::text[])[1 + (s.r_org * 5)::int % cardinality($11::text[])],
  s.created
FROM (
  SELECT r.*,
    CASE r.category WHEN '1' THEN ($5::text[])[1 + (r.r_name * 97)::int % cardinality($5::text[])]
                    WHEN '2' THEN ($6::text[])[1 + (r.r_name * 97)::int % cardinality($6::text[])]
                    ELSE ($7::text[])[1 + (r.r_name * 97)::int % cardinality($7::text[])] END AS subject,
    ($8::text[])[1 + (r.r_name * 1009)::int % cardinality($8::text[])] AS prefix,
    CASE WHEN r.stage >= 5
         THEN date_trunc('day', r.created) + make_interval(days => 10 + (r.r_time * 20)::int, hours => 1, mins => 30)
    END AS opening,
    CASE WHEN r.category = '1' AND r.r_misc < 0.3 THEN '3' ELSE (ARRAY['1', '2'])[1 + (r.r_name * 13)::int % 2] END
      AS score_type,
    CASE WHEN r.category = '1' AND r.r_misc < 0.3 THEN 1 ELSE 1 + (r.r_price * 7)::int % 3 END AS rounds
  FROM (
    SELECT
      $3::bigint + g AS seq,
      (1 + floor(random() * 3)::int)::text AS category,
      1 + floor(random() * 12)::int AS stage,
      1 + floor(random() * 3)::int AS package,
      timestamptz '2026-11-20 09:00:00+08' - make_interval(mins => floor(random() * 3 * 365 * 24 * 60)::int) AS created,
      random() AS r_org, random() AS r_name, random() AS r_time, random() AS r_price, random() AS r_misc
    FROM generate_series(1, $2::int) AS g
  ) r
) s`;
