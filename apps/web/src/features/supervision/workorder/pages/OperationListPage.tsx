import { WorkOrderListPage } from './WorkOrderListPage.tsx';

/** Menu workorder/OperationList. */
export default function OperationListPage() {
  return <WorkOrderListPage type="operation" />;
}
