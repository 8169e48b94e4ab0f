import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeMode } from './codeModes.ts';

export interface CodeEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** One of the 12 modes of CODE_MODES (default javascript). */
  mode?: CodeMode;
  height?: number | string;
  readOnly?: boolean;
}

const Impl = lazy(() => import('./CodeEditorImpl.tsx'));

/** §2 code editor (CodeMirror 6 through @uiw/react-codemirror, loaded on first use; tab size 2). */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <div
      className="aps-code-editor"
      style={{ border: '1px solid rgba(5,5,5,0.12)', borderRadius: 6, overflow: 'hidden' }}
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} style={{ padding: 12 }} />}>
        <Impl {...props} />
      </Suspense>
    </div>
  );
}
