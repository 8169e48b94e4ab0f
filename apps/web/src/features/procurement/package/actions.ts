import { allowedActions, type PackageDto, type StageAction, type StageTransition } from '@aps/shared/constants';

export type PackageAction = Pick<StageTransition, 'action' | 'label' | 'actor'>;

/** Actions with their own screens: publish and extendDeadline go through notices, the review seam through 评审管理. */
export const SEPARATE_ACTIONS: readonly StageAction[] = [
  'publish',
  'extendDeadline',
  'startReview',
  'score',
  'summarize',
  'endReview',
];

/** The buyer's allowed actions of a package from the shared transition table (none once it is closed). */
export function packageActions(row: Pick<PackageDto, 'purchaseStage' | 'electionStatus' | 'status'>): PackageAction[] {
  if (row.status !== 'active') return [];
  return allowedActions(row.purchaseStage, row.electionStatus, 'buyer').map(({ action, label, actor }) => ({
    action,
    label,
    actor,
  }));
}

/** The stage buttons a list row or the drawer shows: the allowed actions less those with their own screens. */
export function stageButtons(actions: readonly PackageAction[], only?: readonly StageAction[]): PackageAction[] {
  return actions.filter((a) => !SEPARATE_ACTIONS.includes(a.action) && (!only || only.includes(a.action)));
}
