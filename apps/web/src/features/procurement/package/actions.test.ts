import { describe, expect, it } from 'vitest';
import { packageActions, stageButtons } from './actions.ts';

const labels = (row: Parameters<typeof packageActions>[0], only?: Parameters<typeof stageButtons>[1]) =>
  stageButtons(packageActions(row), only).map((a) => a.label);

describe('buyer stage buttons (from the shared transition table)', () => {
  it('offers no button at 待发布: publishing goes through the 采购公告', () => {
    expect(packageActions({ purchaseStage: 1, electionStatus: '1', status: 'active' }).map((a) => a.action)).toEqual([
      'publish',
    ]);
    expect(labels({ purchaseStage: 1, electionStatus: '1', status: 'active' })).toEqual([]);
  });

  it('moves a package through the response window and the opening', () => {
    expect(labels({ purchaseStage: 2, electionStatus: '1', status: 'active' })).toEqual(['开始响应']);
    expect(labels({ purchaseStage: 3, electionStatus: '1', status: 'active' })).toEqual(['截止投标']);
    expect(labels({ purchaseStage: 4, electionStatus: '1', status: 'active' })).toEqual(['开标']);
  });

  it('leaves the review seam to 评审管理', () => {
    for (const stage of [5, 6, 7, 8] as const)
      expect(labels({ purchaseStage: stage, electionStatus: '1', status: 'active' })).toEqual([]);
  });

  it('offers 提交结束审核 after a normal review and the 流标 follow-ups after a failed one', () => {
    expect(labels({ purchaseStage: 9, electionStatus: '1', status: 'active' })).toEqual(['提交结束审核']);
    expect(labels({ purchaseStage: 9, electionStatus: '0', status: 'active' })).toEqual([
      '提交结束审核',
      '重新采购',
      '变更方式',
      '终止',
    ]);
    expect(labels({ purchaseStage: 9, electionStatus: '0', status: 'active' }, ['submitEndAudit'])).toEqual([
      '提交结束审核',
    ]);
  });

  it('offers nothing on a closed package (终止, 重新采购, 变更方式审批中)', () => {
    for (const status of ['terminated', 'rebid', 'method_changing'] as const)
      expect(labels({ purchaseStage: 9, electionStatus: '0', status })).toEqual([]);
  });
});
