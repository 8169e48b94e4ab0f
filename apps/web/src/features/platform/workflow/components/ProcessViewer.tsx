import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

export interface ProcessViewerProps {
  xml: string | null | undefined;
  finishedNodeIds?: readonly string[];
  activeNodeIds?: readonly string[];
  finishedFlowIds?: readonly string[];
  height?: number | string;
}

/** bpmn-js's viewer is its own chunk too, loaded with the first diagram shown. */
const Impl = lazy(() => import('./ProcessViewerImpl.tsx'));

/** The process diagram of a definition or an instance, finished nodes/flows and the current nodes highlighted. */
export function ProcessViewer(props: ProcessViewerProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <Impl {...props} />
    </Suspense>
  );
}
