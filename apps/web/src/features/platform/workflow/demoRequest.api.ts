import type { DemoRequestDto } from '@aps/shared';
import { DEMO_REQUEST_API, PERMISSIONS } from '@aps/shared/constants';
import { http } from '../../../shared/http.ts';
import { createCrudApi } from '../../../shared/list/crudApi.ts';
import { useCrudMutation } from '../../../shared/list/useCrudList.ts';
import { demoRequestKey, workflowKeys } from './api.ts';

export interface DemoRequestForm {
  title: string;
  amount: number;
  reason?: string;
}

/** 申请示例's calls: the §7 CRUD plus 提交审批 and 重新提交, which also change the workflow lists. */
export const demoRequestApi = createCrudApi<DemoRequestDto, DemoRequestForm>({
  base: DEMO_REQUEST_API.base,
  queryKey: demoRequestKey,
  alsoInvalidates: [workflowKeys.all],
  permissions: PERMISSIONS.demoRequest,
});

export function useSaveDemoRequest() {
  return useCrudMutation(demoRequestApi, demoRequestApi.save);
}

export function useSubmitDemoRequest() {
  return useCrudMutation(demoRequestApi, ({ id, again }: { id: string; again: boolean }) =>
    http.post<DemoRequestDto>(again ? DEMO_REQUEST_API.resubmit : DEMO_REQUEST_API.submit, { id }),
  );
}
