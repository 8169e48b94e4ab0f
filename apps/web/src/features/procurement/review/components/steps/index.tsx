import type { ReviewTaskDetailDto } from '@aps/shared';
import type { ReactNode } from 'react';
import { CampaignCheckStep } from './CampaignCheckStep.tsx';
import { ClarifyStep, clarifyStepVisible } from './ClarifyStep.tsx';
import { TaskInfoStep } from './InfoStep.tsx';
import { SignStep, signStepVisible } from './SignStep.tsx';
import { SummaryStep } from './SummaryStep.tsx';

/**
 * The review workspace's steps, in the order of the review: each step is one tab of the task drawer, its own
 * component file, shown when `visible` says the caller's task has reached it. A review step adds one entry here.
 */
export interface ReviewStep {
  key: string;
  label: string;
  visible: (detail: ReviewTaskDetailDto) => boolean;
  render: (detail: ReviewTaskDetailDto) => ReactNode;
}

/** 汇总 and 竞选核查: from 组长汇总 on, for the leader, and for a member once their own sheets are in. */
function resultVisible(detail: ReviewTaskDetailDto): boolean {
  if (!['summarizing', 'signing', 'ended'].includes(detail.task.committeeState)) return false;
  return (
    detail.identity.identity === 'leader' || ['submitted', 'summarizing', 'signing', 'done'].includes(detail.task.state)
  );
}

export const REVIEW_STEPS: ReviewStep[] = [
  { key: 'info', label: '采购信息', visible: () => true, render: (detail) => <TaskInfoStep detail={detail} /> },
  {
    key: 'summary',
    label: '评审汇总',
    visible: resultVisible,
    render: (detail) => <SummaryStep detail={detail} />,
  },
  {
    key: 'clarify',
    label: '报价澄清',
    visible: clarifyStepVisible,
    render: (detail) => <ClarifyStep detail={detail} />,
  },
  {
    key: 'campaignCheck',
    label: '竞选核查',
    visible: resultVisible,
    render: (detail) => <CampaignCheckStep detail={detail} />,
  },
  { key: 'sign', label: '签字', visible: signStepVisible, render: (detail) => <SignStep detail={detail} /> },
];
