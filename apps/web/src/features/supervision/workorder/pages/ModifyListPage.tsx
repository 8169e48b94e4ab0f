import { WorkOrderListPage } from './WorkOrderListPage.tsx';

/** Menu workorder/ModifyList. */
export default function ModifyListPage() {
  return <WorkOrderListPage type="modify" />;
}
