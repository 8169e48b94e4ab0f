export { CodeEditor, type CodeEditorProps } from './CodeEditor.tsx';
export { CODE_MODE_NAMES, CODE_MODES, type CodeMode } from './codeModes.ts';
export { DictCheckbox, DictRadio, DictSelect } from './DictControls.tsx';
export { DragVerify } from './DragVerify.tsx';
export { ElapsedTime } from './ElapsedTime.tsx';
export { Ellipsis } from './Ellipsis.tsx';
export { Money } from './Money.tsx';
export { useSessionDictText } from './useDictOptions.ts';
export { YnSwitch } from './YnSwitch.tsx';
