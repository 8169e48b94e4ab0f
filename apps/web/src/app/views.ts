import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadChunk } from '../shared/chunk.ts';

/** A page module: its default export is the page. */
type PageModule = { default: ComponentType };

/**
 * The views area (§2): server menu component names → lazily imported pages. A component that is not listed
 * here has no page yet and shows the "建设中" page naming its menu (never a crash). Add an entry when a module
 * ships its page.
 */
export const VIEWS: Record<string, () => Promise<PageModule>> = {
  'dashboard/Analysis': () => import('../features/platform/dashboard/pages/AnalysisPage.tsx'),
  'qa/QuestionsAndAnswers': () => import('../features/platform/qa/pages/QuestionsAndAnswersPage.tsx'),
  'purchase/PlanList': () => import('../features/procurement/plan/pages/PlanListPage.tsx'),
  'purchase/SelectionPrepare': () => import('../features/procurement/package/pages/SelectionPreparePage.tsx'),
  'purchase/SelectionStart': () => import('../features/procurement/package/pages/SelectionStartPage.tsx'),
  'purchase/ReviewList': () => import('../features/procurement/package/pages/ReviewListPage.tsx'),
  'purchase/EndAuditList': () => import('../features/procurement/package/pages/EndAuditListPage.tsx'),
  'purchase/ResultList': () => import('../features/procurement/package/pages/ResultListPage.tsx'),
  'purchase/RecordList': () => import('../features/procurement/purchase/pages/PurchaseRecordListPage.tsx'),
  'purchase/FileRecordList': () => import('../features/procurement/lists/pages/FileRecordListPage.tsx'),
  'purchase/PurchaseList': () => import('../features/procurement/lists/pages/PurchaseListPage.tsx'),
  'purchase/PackageDetailList': () => import('../features/procurement/lists/pages/PackageDetailListPage.tsx'),
  'review/TaskList': () => import('../features/procurement/review/pages/TaskListPage.tsx'),
  'review/TeamLeader': () => import('../features/procurement/review/pages/TeamLeaderPage.tsx'),
  'review/CampaignCheck': () => import('../features/procurement/review/pages/CampaignCheckPage.tsx'),
  'review/QuotationClarify': () => import('../features/procurement/review/pages/QuotationClarifyPage.tsx'),
  'purchaseannouncement/PurchaseAnnouncementTabs': () =>
    import('../features/procurement/announcement/pages/PurchaseAnnouncementTabsPage.tsx'),
  'purchaseannouncement/MyBids': () => import('../features/procurement/bid/pages/MyBidsPage.tsx'),
  'contract/ContractList': () => import('../features/procurement/contract/pages/ContractListPage.tsx'),
  'contract/MyContracts': () => import('../features/procurement/contract/pages/MyContractsPage.tsx'),
  'account/center/Index': () => import('../features/platform/account/pages/AccountCenterPage.tsx'),
  'account/settings/Index': () => import('../features/platform/account/pages/AccountSettingsPage.tsx'),
  'system/UserList': () => import('../features/platform/system/pages/UserListPage.tsx'),
  'system/RoleList': () => import('../features/platform/system/pages/RoleListPage.tsx'),
  'system/PermissionList': () => import('../features/platform/system/pages/PermissionListPage.tsx'),
  'system/DepartList': () => import('../features/platform/system/pages/DepartListPage.tsx'),
  'system/UserAnnouncementList': () => import('../features/platform/announcement/pages/UserAnnouncementPage.tsx'),
  'system/OnlineUserList': () => import('../features/platform/system/pages/OnlineUserListPage.tsx'),
  'system/DictList': () => import('../features/platform/system/pages/DictListPage.tsx'),
  'system/CategoryList': () => import('../features/platform/system/pages/CategoryListPage.tsx'),
  'system/FillRuleList': () => import('../features/platform/system/pages/FillRuleListPage.tsx'),
  'system/CheckRuleList': () => import('../features/platform/system/pages/CheckRuleListPage.tsx'),
  'system/QuartzJobList': () => import('../features/platform/system/pages/QuartzJobListPage.tsx'),
  'system/TenantList': () => import('../features/platform/system/pages/TenantListPage.tsx'),
  'system/PositionList': () => import('../features/platform/system/pages/PositionListPage.tsx'),
  'system/GatewayRouteList': () => import('../features/platform/system/pages/GatewayRouteListPage.tsx'),
  'system/LogList': () => import('../features/platform/system/pages/LogListPage.tsx'),
  'system/AnnouncementList': () => import('../features/platform/announcement/pages/AnnouncementAdminPage.tsx'),
  'demo/CronDemo': () => import('../features/platform/demo/pages/CronDemoPage.tsx'),
  'demo/EditableGridDemo': () => import('../features/platform/demo/pages/EditableGridDemoPage.tsx'),
  'demo/ExcelDemo': () => import('../features/platform/demo/pages/ExcelDemoPage.tsx'),
  'demo/PickerDemo': () => import('../features/platform/demo/pages/PickerDemoPage.tsx'),
  'demo/SuperQueryDemo': () => import('../features/platform/demo/pages/SuperQueryDemoPage.tsx'),
  'demo/UploadDemo': () => import('../features/platform/demo/pages/UploadDemoPage.tsx'),
  'demo/RequestDemo': () => import('../features/platform/demo/pages/RequestDemoPage.tsx'),
  'workflow/TodoList': () => import('../features/platform/workflow/pages/TodoListPage.tsx'),
  'workflow/DoneList': () => import('../features/platform/workflow/pages/DoneListPage.tsx'),
  'workflow/ApplyList': () => import('../features/platform/workflow/pages/ApplyListPage.tsx'),
  'workflow/InstanceList': () => import('../features/platform/workflow/pages/InstanceListPage.tsx'),
  'workflow/DefinitionList': () => import('../features/platform/workflow/pages/DefinitionListPage.tsx'),
  'online/cgreport/OnlCgreportAutoList': () => import('../features/platform/report/pages/OnlineReportPage.tsx'),
  'review/ExpertPool': () => import('../features/procurement/expert/pages/ExpertPoolPage.tsx'),
  'supplier/DirectoryList': () => import('../features/procurement/supplier/pages/DirectoryListPage.tsx'),
  'supplier/BlacklistList': () => import('../features/procurement/supplier/pages/BlacklistListPage.tsx'),
  'supplier/QualifiedList': () => import('../features/procurement/supplier/pages/QualifiedListPage.tsx'),
  'supplier/PortalProfile': () => import('../features/procurement/supplier/pages/PortalProfilePage.tsx'),
  'supplier/PortalCertificates': () => import('../features/procurement/supplier/pages/PortalCertificatesPage.tsx'),
  'settlement/SettlementList': () => import('../features/procurement/settlement/pages/SettlementListPage.tsx'),
  'settlement/LedgerList': () => import('../features/procurement/settlement/pages/LedgerPage.tsx'),
  'supervision/Monitor': () => import('../features/supervision/monitor/pages/MonitorPage.tsx'),
  'settlement/MySettlements': () => import('../features/procurement/settlement/pages/MySettlementsPage.tsx'),
  'workorder/OperationList': () => import('../features/supervision/workorder/pages/OperationListPage.tsx'),
  'workorder/AuditList': () => import('../features/supervision/workorder/pages/AuditListPage.tsx'),
  'workorder/ModifyList': () => import('../features/supervision/workorder/pages/ModifyListPage.tsx'),
  'supervision/InspectionList': () => import('../features/supervision/inspection/pages/InspectionListPage.tsx'),
  'supervision/RectificationList': () =>
    import('../features/supervision/rectification/pages/RectificationListPage.tsx'),
  'supervision/MyRectifications': () => import('../features/supervision/rectification/pages/MyRectificationsPage.tsx'),
  'exception/403': () => import('../features/platform/exception/pages/ForbiddenPage.tsx'),
  'exception/404': () => import('../features/platform/exception/pages/NotFoundInWorkspacePage.tsx'),
  'exception/500': () => import('../features/platform/exception/pages/ServerErrorPage.tsx'),
};

/** The layout area: layouts whose only job is to hold child routes. */
export const LAYOUTS = ['layouts/RouteView', 'layouts/PageView', 'layouts/BlankLayout', 'layouts/TabLayout'];

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy page of a component name (one per name, so React keeps its identity across renders), or null. */
export function viewFor(component: string): LazyExoticComponent<ComponentType> | null {
  const load = VIEWS[component];
  if (!load) return null;
  let page = lazyPages.get(component);
  if (!page) {
    page = lazy(() => loadChunk(load));
    lazyPages.set(component, page);
  }
  return page;
}

/** Loads a view's chunk ahead of the click (menu hover). */
export function preloadView(component: string): void {
  void VIEWS[component]?.().catch(() => undefined);
}
