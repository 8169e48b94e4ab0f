import { Spin } from 'antd';
import { lazy, type Ref, Suspense } from 'react';

export interface ProcessModelerHandle {
  /** The diagram's XML; with `process`, the process element first takes the definition's key and name. */
  getXml(process?: { id: string; name: string }): Promise<string>;
}

export interface ProcessModelerProps {
  /** The diagram to open (a new one with a start event when empty). */
  xml?: string | null;
  handleRef?: Ref<ProcessModelerHandle>;
  height?: number | string;
}

/** bpmn-js and its CSS are their own chunk, loaded when a modeller first opens (never in the first load). */
const Impl = lazy(() => import('./ProcessModelerImpl.tsx'));

/** The BPMN modeller (流程设计): canvas, palette, context pad, our properties panel. */
export function ProcessModeler(props: ProcessModelerProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} description="正在加载流程设计器…" />}>
      <Impl {...props} />
    </Suspense>
  );
}
