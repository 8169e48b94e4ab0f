import type { Extension } from '@codemirror/state';

/** §9: the code editor's 12 language modes; each language package is loaded when the mode is first used. */
export const CODE_MODES = {
  javascript: { label: 'JavaScript', load: async () => (await import('@codemirror/lang-javascript')).javascript() },
  typescript: {
    label: 'TypeScript',
    load: async () => (await import('@codemirror/lang-javascript')).javascript({ typescript: true }),
  },
  jsx: { label: 'JSX', load: async () => (await import('@codemirror/lang-javascript')).javascript({ jsx: true }) },
  json: { label: 'JSON', load: async () => (await import('@codemirror/lang-json')).json() },
  html: { label: 'HTML', load: async () => (await import('@codemirror/lang-html')).html() },
  css: { label: 'CSS', load: async () => (await import('@codemirror/lang-css')).css() },
  sql: { label: 'SQL', load: async () => (await import('@codemirror/lang-sql')).sql() },
  xml: { label: 'XML', load: async () => (await import('@codemirror/lang-xml')).xml() },
  python: { label: 'Python', load: async () => (await import('@codemirror/lang-python')).python() },
  java: { label: 'Java', load: async () => (await import('@codemirror/lang-java')).java() },
  markdown: { label: 'Markdown', load: async () => (await import('@codemirror/lang-markdown')).markdown() },
  yaml: { label: 'YAML', load: async () => (await import('@codemirror/lang-yaml')).yaml() },
} satisfies Record<string, { label: string; load: () => Promise<Extension> }>;

export type CodeMode = keyof typeof CODE_MODES;
export const CODE_MODE_NAMES = Object.keys(CODE_MODES) as CodeMode[];
/** §9: tab size 2. */
export const CODE_TAB_SIZE = 2;
/** §9: a value set from outside reaches the editor after 300 ms. */
export const CODE_SET_DELAY_MS = 300;
