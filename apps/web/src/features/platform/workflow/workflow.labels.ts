import {
  APPROVAL_STATUS_LABELS,
  ASSIGNEE_TYPES,
  checkExpression,
  INSTANCE_STATUS_LABELS,
  SIGN_MODES,
  TASK_ACTIONS,
  WORKFLOW_BUSINESS_TYPES,
} from '@aps/shared/constants';

/** Option lists and colours of the workflow pages; every label comes from the shared contract. */
const optionsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const ASSIGNEE_TYPE_OPTIONS = optionsOf(ASSIGNEE_TYPES);
export const SIGN_MODE_OPTIONS = optionsOf(SIGN_MODES);
export const BUSINESS_TYPE_LABELS: Record<string, string> = WORKFLOW_BUSINESS_TYPES;
export const BUSINESS_TYPE_OPTIONS = optionsOf(WORKFLOW_BUSINESS_TYPES);
export const INSTANCE_STATUS_OPTIONS = optionsOf(INSTANCE_STATUS_LABELS);
export const ACTION_LABELS: Record<string, string> = TASK_ACTIONS;
export { APPROVAL_STATUS_LABELS, INSTANCE_STATUS_LABELS };

export const INSTANCE_STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  suspended: 'warning',
  terminated: 'default',
};

export const APPROVAL_STATUS_COLORS: Record<number, string> = {
  1: 'default',
  2: 'processing',
  3: 'processing',
  4: 'success',
  5: 'error',
  6: 'warning',
};

/** The condition's syntax error in Chinese (the parser the server evaluates with), or null when it is valid. */
export function conditionError(text: string): string | null {
  return checkExpression(text);
}
