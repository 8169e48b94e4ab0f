import { App } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { useEffect, useRef } from 'react';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './bpmn.css';
import { APS_MODDLE } from './apsModdle.ts';
import type { ProcessViewerProps } from './ProcessViewer.tsx';

interface Canvas {
  zoom(level: 'fit-viewport', center?: 'auto'): void;
  addMarker(id: string, marker: string): void;
}
interface Registry {
  get(id: string): unknown;
}

/** Marker classes on the diagram (bpmn.css colours them; the e2e asserts them). */
export const MARKERS = { finished: 'aps-node-finished', active: 'aps-node-active', flow: 'aps-flow-finished' } as const;

/** The read-only diagram (the lazy chunk behind ProcessViewer): pan and zoom, finished and current nodes marked. */
export default function ProcessViewerImpl({
  xml,
  finishedNodeIds = [],
  activeNodeIds = [],
  finishedFlowIds = [],
  height = 360,
}: ProcessViewerProps) {
  const { message } = App.useApp();
  const container = useRef<HTMLDivElement>(null);
  const key = `${finishedNodeIds.join()}|${activeNodeIds.join()}|${finishedFlowIds.join()}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the three id lists
  useEffect(() => {
    if (!container.current || !xml) return;
    const viewer = new NavigatedViewer({ container: container.current, moddleExtensions: { aps: APS_MODDLE } });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        const mark = (ids: readonly string[], marker: string) => {
          for (const id of ids) if (registry.get(id)) canvas.addMarker(id, marker);
        };
        mark(
          finishedNodeIds.filter((id) => !activeNodeIds.includes(id)),
          MARKERS.finished,
        );
        mark(activeNodeIds, MARKERS.active);
        mark(finishedFlowIds, MARKERS.flow);
        canvas.zoom('fit-viewport', 'auto');
      })
      .catch((err: unknown) => {
        if (alive) message.error(`流程图加载失败：${err instanceof Error ? err.message : String(err)}`);
      });
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, key, message]);

  return (
    <div className="aps-bpmn-viewer">
      <div className="aps-bpmn" ref={container} style={{ height }} data-testid="bpmn-viewer" />
      <div className="aps-bpmn-legend">
        <span className="aps-legend-finished">已完成</span>
        <span className="aps-legend-active">当前节点</span>
      </div>
    </div>
  );
}
