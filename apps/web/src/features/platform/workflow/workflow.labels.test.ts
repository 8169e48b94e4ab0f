import { describe, expect, it } from 'vitest';
import { componentPath } from '../announcement/components/useAnnouncementViewer.tsx';
import { ASSIGNEE_TYPE_OPTIONS, conditionError, SIGN_MODE_OPTIONS } from './workflow.labels.ts';

describe('workflow page helpers', () => {
  it('checks a flow condition with the shared parser: valid is null, invalid names the problem in Chinese', () => {
    expect(conditionError('amount >= 1000000 && category == "2"')).toBeNull();
    expect(conditionError('userType in ["1", "2"] || !(amount < 5)')).toBeNull();
    const problem = conditionError('amount >=');
    expect(problem).toMatch(/[\u4e00-\u9fa5]/);
    expect(conditionError('process.exit()')).not.toBeNull();
  });

  it('offers the contract assignee kinds and sign modes', () => {
    expect(ASSIGNEE_TYPE_OPTIONS.map((o) => o.value)).toEqual(['user', 'role', 'initiator', 'dept_leader']);
    expect(SIGN_MODE_OPTIONS).toEqual([
      { value: 'or', label: '或签' },
      { value: 'and', label: '会签' },
    ]);
  });

  it('opens a component-type message with a workspace path directly (a new task), anything else in the modal', () => {
    expect(componentPath({ openType: 'component', openPage: '/workflow/todo?taskId=t1' })).toBe(
      '/workflow/todo?taskId=t1',
    );
    expect(componentPath({ openType: 'url', openPage: '/workflow/todo' })).toBeNull();
    expect(componentPath({ openType: 'component', openPage: 'workflow/TodoList' })).toBeNull();
    expect(componentPath({ openType: null, openPage: null })).toBeNull();
  });
});
