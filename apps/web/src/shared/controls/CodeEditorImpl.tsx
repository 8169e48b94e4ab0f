import { indentUnit } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CodeEditorProps } from './CodeEditor.tsx';
import { CODE_MODES, CODE_SET_DELAY_MS, CODE_TAB_SIZE } from './codeModes.ts';

/** The CodeMirror half of CodeEditor (its own lazy chunk). */
export default function CodeEditorImpl({
  value,
  onChange,
  mode = 'javascript',
  height = 300,
  readOnly,
}: CodeEditorProps) {
  const [language, setLanguage] = useState<Extension | null>(null);
  // The text in the editor. A value set from outside (not the one just typed) lands after 300 ms (§9).
  const [doc, setDoc] = useState(value ?? '');
  const typed = useRef(value ?? '');
  useEffect(() => {
    const next = value ?? '';
    if (next === typed.current) return;
    const timer = setTimeout(() => {
      typed.current = next;
      setDoc(next);
    }, CODE_SET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  useEffect(() => {
    let live = true;
    CODE_MODES[mode].load().then((ext) => live && setLanguage(ext));
    return () => {
      live = false;
    };
  }, [mode]);
  const extensions = useMemo(
    () => [
      EditorState.tabSize.of(CODE_TAB_SIZE),
      indentUnit.of(' '.repeat(CODE_TAB_SIZE)),
      ...(language ? [language] : []),
    ],
    [language],
  );
  return (
    <CodeMirror
      value={doc}
      height={typeof height === 'number' ? `${height}px` : height}
      extensions={extensions}
      readOnly={readOnly}
      basicSetup={{ tabSize: CODE_TAB_SIZE }}
      onChange={(v) => {
        typed.current = v;
        setDoc(v);
        onChange?.(v);
      }}
    />
  );
}
