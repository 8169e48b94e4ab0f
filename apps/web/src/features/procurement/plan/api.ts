import {
  type PackageDto,
  type PageResult,
  PERMISSIONS,
  type PlanAddRequest,
  type PlanChangeDto,
  type PlanChangeRequest,
  type PlanDto,
  PROCUREMENT_API,
  type ProjectDto,
  type ProjectFromPlanRequest,
  type ProjectListItem,
} from '@aps/shared';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/index.ts';

/** Query keys of the procurement pages: every write refreshes the plans and the package lists. */
export const procurementKeys = {
  all: ['procurement'] as const,
  plans: ['procurement', 'plan'] as const,
  packages: ['procurement', 'package'] as const,
  package: (id: string) => ['procurement', 'package', 'detail', id] as const,
  history: (id: string) => ['procurement', 'package', 'history', id] as const,
  projects: (planId: string) => ['procurement', 'plan', 'projects', planId] as const,
  notices: (packageId: string) => ['procurement', 'package', 'notice', packageId] as const,
  bids: (packageId: string) => ['procurement', 'package', 'bids', packageId] as const,
};

const planCrud = createCrudApi<PlanDto, PlanAddRequest>({
  base: PROCUREMENT_API.plan,
  queryKey: procurementKeys.plans,
  alsoInvalidates: [procurementKeys.packages],
  permissions: PERMISSIONS.purchasePlan,
});

/** 采购计划: CRUD with item lines, 提交审批, 作废, and 立项 (the project and its packages from an approved plan). */
export const planApi = {
  ...planCrud,
  submit: (id: string) => http.post<PlanDto>(PROCUREMENT_API.planSubmit, { id }),
  voidPlan: (id: string) => http.post<PlanDto>(PROCUREMENT_API.planVoid, { id }),
  change: (body: PlanChangeRequest) => http.post<PlanChangeDto>(PROCUREMENT_API.planChange, body),
  /** The projects a plan became (with package count and amount). */
  projects: (planId: string, signal?: AbortSignal) =>
    http.get<PageResult<ProjectListItem>>(PROCUREMENT_API.projectList, { planId, pageNo: 1, pageSize: 50 }, signal),
  project: (id: string, signal?: AbortSignal) =>
    http.get<ProjectDto & { packages: PackageDto[] }>(`${PROCUREMENT_API.project}/queryById`, { id }, signal),
  fromPlan: (body: ProjectFromPlanRequest) =>
    http.post<{ project: ProjectDto; packages: PackageDto[] }>(PROCUREMENT_API.projectFromPlan, body),
};
