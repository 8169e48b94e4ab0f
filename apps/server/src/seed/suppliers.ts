import { SUPPLIER_STATUS } from '@aps/shared';
import type { Tx } from '../db/client.ts';
import { supplier, supplierUser } from '../modules/procurement/supplier/tables.ts';
import { seedId } from './ids.ts';

/** Demo suppliers of tenant 1 and the supplier users (userEnd 3) who act for them. */
export const SUPPLIERS = [
  {
    key: 'huadong',
    name: '华东建设工程有限公司',
    creditCode: '91310000MA1FL0001A',
    contactName: '孙志强',
    contactPhone: '13800000006',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier01'],
  },
  {
    key: 'zhongtai',
    name: '中泰物资贸易有限公司',
    creditCode: '91320000MA1FL0002B',
    contactName: '吴海燕',
    contactPhone: '13800000021',
    status: SUPPLIER_STATUS.qualified,
    users: ['supplier02'],
  },
  {
    key: 'xinyuan',
    name: '鑫源劳务服务有限公司',
    creditCode: '91330000MA1FL0003C',
    contactName: '郑国华',
    contactPhone: '13800000022',
    status: SUPPLIER_STATUS.admitted,
    users: ['supplier03'],
  },
] as const;

export const supplierSeedId = (key: string) => seedId(`supplier:1:${key}`);

export async function seedSuppliers(tx: Tx, usernames: ReadonlySet<string>) {
  for (const s of SUPPLIERS) {
    await tx
      .insert(supplier)
      .values({
        id: supplierSeedId(s.key),
        tenantId: 1,
        name: s.name,
        creditCode: s.creditCode,
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        status: s.status,
        createBy: 'admin',
      })
      .onConflictDoNothing();
    const users = s.users.filter((u) => usernames.has(u));
    if (users.length === 0) continue;
    await tx
      .insert(supplierUser)
      .values(users.map((u) => ({ tenantId: 1, userId: seedId(`user:${u}`), supplierId: supplierSeedId(s.key) })))
      .onConflictDoNothing();
  }
}
