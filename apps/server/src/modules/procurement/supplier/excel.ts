import { SUPPLIER_STATUS_LABELS, type SupplierDto } from '@aps/shared';
import type { SheetColumn } from '../../platform/excel/workbook.ts';

/** 供应商名录 export columns. */
export const EXPORT_COLUMNS: SheetColumn<SupplierDto>[] = [
  { header: '企业名称', width: 30, value: (r) => r.name },
  { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
  { header: '法定代表人', width: 12, value: (r) => r.legalRepresentative },
  { header: '联系人', width: 12, value: (r) => r.contactName },
  { header: '联系电话', width: 14, value: (r) => r.contactPhone },
  { header: '电子邮箱', width: 22, value: (r) => r.contactEmail },
  { header: '供应品类', width: 24, wrap: true, value: (r) => r.categories.join(',') },
  { header: '开户银行', width: 24, value: (r) => r.bankName },
  { header: '银行账号', width: 22, value: (r) => r.bankAccount },
  { header: '状态', width: 10, value: (r) => SUPPLIER_STATUS_LABELS[r.status] },
  { header: '注册时间', width: 20, value: (r) => r.registerTime },
  { header: '准入时间', width: 20, value: (r) => r.admittedTime },
  { header: '创建时间', width: 20, value: (r) => r.createTime },
];
