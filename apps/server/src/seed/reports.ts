import { DICT, PURCHASE_STAGE_REPORT } from '@aps/shared';
import type { Tx } from '../db/client.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from '../modules/platform/report/tables.ts';
import { seedId } from './ids.ts';

/**
 * 采购记录阶段报表: purchase records with their stage (dictionary purchase_stage), filtered by a creation date
 * range (report parameters beginDate/endDate, bound) and the user's data scope (sys_org_code).
 */
const PURCHASE_STAGE_SQL = `SELECT p.purchase_code, p.purchase_name, p.package_name, p.purchase_stage::text AS purchase_stage,
       p.purchase_category, p.fixed_price, d.depart_name, p.sys_org_code, p.create_time
  FROM purchase_record p
  LEFT JOIN sys_depart d ON d.tenant_id = p.tenant_id AND d.org_code = p.sys_org_code
 WHERE p.tenant_id = \${sys_tenant_id}
   AND (\${beginDate}::date IS NULL OR p.create_time >= \${beginDate}::date)
   AND (\${endDate}::date IS NULL OR p.create_time < \${endDate}::date + 1)`;

type ItemSeed = Omit<typeof onlCgreportItem.$inferInsert, 'id' | 'tenantId' | 'headId' | 'orderNum'>;

const ITEMS: ItemSeed[] = [
  { fieldName: 'purchase_code', fieldTxt: '采购编号', fieldWidth: 170, isSearch: true, isOrder: true },
  { fieldName: 'purchase_name', fieldTxt: '采购名称', isSearch: true },
  { fieldName: 'package_name', fieldTxt: '标段名称', fieldWidth: 160 },
  {
    fieldName: 'purchase_stage',
    fieldTxt: '采购阶段',
    fieldWidth: 150,
    dictCode: DICT.purchaseStage,
    isSearch: true,
    isOrder: true,
  },
  {
    fieldName: 'purchase_category',
    fieldTxt: '采购类别',
    fieldWidth: 110,
    dictCode: DICT.purchaseCategory,
    isSearch: true,
    searchHidden: true,
  },
  {
    fieldName: 'fixed_price',
    fieldTxt: '限价(元)',
    fieldType: 'Number',
    fieldWidth: 140,
    isOrder: true,
    isSearch: true,
    searchMode: 'group',
    searchHidden: true,
  },
  { fieldName: 'depart_name', fieldTxt: '所属单位', fieldWidth: 180 },
  { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', fieldWidth: 180, isOrder: true },
];

const PARAMS = [
  { paramName: 'beginDate', paramTxt: '开始日期', paramType: 'Date' },
  { paramName: 'endDate', paramTxt: '结束日期', paramType: 'Date' },
];

export function reportSeedContent() {
  return { PURCHASE_STAGE_SQL, ITEMS, PARAMS };
}

/** Inserted once per tenant; afterwards the definitions belong to the administrators (never overwritten). */
export async function seedReports(tx: Tx, tenantIds: number[]) {
  for (const tenantId of tenantIds) {
    const headId = seedId(`report:${tenantId}:${PURCHASE_STAGE_REPORT}`);
    await tx
      .insert(onlCgreportHead)
      .values({
        id: headId,
        tenantId,
        code: PURCHASE_STAGE_REPORT,
        name: '采购记录阶段报表',
        cgrSql: PURCHASE_STAGE_SQL,
        orgCodeField: 'sys_org_code',
        content: '采购记录按阶段、类别与创建日期查询',
        createBy: 'admin',
      })
      .onConflictDoNothing();
    await tx
      .insert(onlCgreportItem)
      .values(
        ITEMS.map((item, i) => ({
          ...item,
          id: seedId(`report-item:${headId}:${item.fieldName}`),
          tenantId,
          headId,
          orderNum: i + 1,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(onlCgreportParam)
      .values(
        PARAMS.map((p, i) => ({
          ...p,
          id: seedId(`report-param:${headId}:${p.paramName}`),
          tenantId,
          headId,
          orderNum: i + 1,
        })),
      )
      .onConflictDoNothing();
  }
}
