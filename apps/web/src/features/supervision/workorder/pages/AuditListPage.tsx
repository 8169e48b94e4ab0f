import { WorkOrderListPage } from './WorkOrderListPage.tsx';

/** Menu workorder/AuditList. */
export default function AuditListPage() {
  return <WorkOrderListPage type="audit" />;
}
