import { DownloadOutlined, ExpandOutlined, ImportOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './bpmn.css';
import { APS_MODDLE, type BpmnElement, emptyDiagram, type Modeling } from './apsModdle.ts';
import type { ProcessModelerProps } from './ProcessModeler.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';

interface Canvas {
  zoom(level: 'fit-viewport', center?: 'auto'): void;
  getRootElement(): BpmnElement;
}
interface CommandStack {
  undo(): void;
  redo(): void;
}
interface Moddle {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

/** Reads a BPMN error of importXML as one Chinese line. */
function importFailure(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return `流程图解析失败：${text}`;
}

/**
 * The bpmn-js modeller with our properties panel on the right (the lazy chunk behind ProcessModeler). 导入 reads a
 * .bpmn/.xml file into the canvas, 下载 saves the diagram; the handle gives the XML (process id/name set to the
 * definition's key/name).
 */
export default function ProcessModelerImpl({ xml, handleRef, height = '100%' }: ProcessModelerProps) {
  const { message } = App.useApp();
  const container = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [selected, setSelected] = useState<BpmnElement | null>(null);
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    if (!container.current) return;
    const instance = new Modeler({
      container: container.current,
      moddleExtensions: { aps: APS_MODDLE },
    });
    instance.on('selection.changed', (e: { newSelection: BpmnElement[] }) => {
      const first = e.newSelection[0] ?? null;
      setSelected(first?.labelTarget ?? first);
    });
    instance.on('elements.changed', () => setRevision((r) => r + 1));
    setModeler(instance);
    return () => instance.destroy();
  }, []);

  useEffect(() => {
    if (!modeler) return;
    setSelected(null);
    modeler
      .importXML(xml || emptyDiagram())
      .then(() => modeler.get<Canvas>('canvas').zoom('fit-viewport', 'auto'))
      .catch((err: unknown) => message.error(importFailure(err)));
  }, [modeler, xml, message]);

  useImperativeHandle(
    handleRef,
    () => ({
      async getXml(process) {
        if (!modeler) throw new Error('流程设计器尚未就绪');
        if (process) {
          const root = modeler.get<Canvas>('canvas').getRootElement();
          if (root.businessObject.$type === 'bpmn:Process') {
            modeler.get<Modeling>('modeling').updateProperties(root, { id: process.id, name: process.name });
          }
        }
        const { xml: out } = await modeler.saveXML({ format: true });
        if (!out) throw new Error('流程图导出失败');
        return out;
      },
    }),
    [modeler],
  );

  async function importFile(file: File) {
    if (!modeler) return;
    try {
      await modeler.importXML(await file.text());
      modeler.get<Canvas>('canvas').zoom('fit-viewport', 'auto');
      setSelected(null);
      message.success('导入成功');
    } catch (err) {
      message.error(importFailure(err));
    }
  }

  async function download() {
    if (!modeler) return;
    const { xml: out } = await modeler.saveXML({ format: true });
    const url = URL.createObjectURL(new Blob([out ?? ''], { type: 'application/xml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'process.bpmn';
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="aps-bpmn-modeler" style={{ height }}>
      <div className="aps-bpmn-toolbar">
        <Space size={8} wrap>
          <Button icon={<ImportOutlined />} onClick={() => fileInput.current?.click()}>
            导入
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download}>
            下载
          </Button>
          <Tooltip title="撤销">
            <Button
              aria-label="撤销"
              icon={<UndoOutlined />}
              onClick={() => modeler?.get<CommandStack>('commandStack').undo()}
            />
          </Tooltip>
          <Tooltip title="重做">
            <Button
              aria-label="重做"
              icon={<RedoOutlined />}
              onClick={() => modeler?.get<CommandStack>('commandStack').redo()}
            />
          </Tooltip>
          <Tooltip title="适应画布">
            <Button
              aria-label="适应画布"
              icon={<ExpandOutlined />}
              onClick={() => modeler?.get<Canvas>('canvas').zoom('fit-viewport', 'auto')}
            />
          </Tooltip>
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept=".bpmn,.xml"
          hidden
          aria-label="导入流程文件"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      <div className="aps-bpmn-body">
        <div className="aps-bpmn-canvas aps-bpmn" ref={container} data-testid="bpmn-canvas" />
        <aside className="aps-bpmn-panel">
          {modeler && (
            <PropertiesPanel
              element={selected}
              revision={revision}
              modeling={modeler.get<Modeling>('modeling')}
              createExpression={(body) => modeler.get<Moddle>('moddle').create('bpmn:FormalExpression', { body })}
            />
          )}
        </aside>
      </div>
    </div>
  );
}
