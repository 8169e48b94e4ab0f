import Icon, {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert, Button, Divider, Form, Input, Popover, Select, Space, Tooltip, theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { bodyHtml, hasUnsupportedFormatting, isAllowedLink, normalizeLink } from '../richText.ts';
import '../announcement.css';

/**
 * The announcement body editor (Tiptap): paragraphs, headings 1–4, bold, italic, underline, strike, bullet and
 * numbered lists, quotes and links, with undo/redo and clear formatting. Its value is HTML; a body without any
 * text is '' (so a required rule reports it). The server sanitises the HTML again on save and on display.
 *
 * Loaded on its own (React.lazy) when an announcement form opens: the editor is the larger part of the form.
 */
export interface RichTextEditorProps {
  /** Set by Form.Item: given to the editable area, so the form can scroll to it. */
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** The editable area's accessible name (the field's label). */
  ariaLabel?: string;
}

type Level = 1 | 2 | 3 | 4;
const LEVELS: readonly Level[] = [1, 2, 3, 4];
const BLOCK_OPTIONS = [
  { value: 0, label: '正文' },
  ...LEVELS.map((level) => ({ value: level, label: `标题 ${level}` })),
];

/** The body as the form stores it: '' when it has no text. */
function editorValue(editor: Editor): string {
  return editor.state.doc.textContent.trim() === '' ? '' : editor.getHTML();
}

const QuoteSvg = () => (
  <svg viewBox="0 0 1024 1024" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path d="M195 472c0-126 70-224 204-272l26 56c-76 32-118 86-124 150h110v262H195V472zm380 0c0-126 70-224 204-272l26 56c-76 32-118 86-124 150h110v262H575V472z" />
  </svg>
);

function ToolButton({
  title,
  label,
  icon,
  active = false,
  disabled = false,
  onClick,
}: {
  title: string;
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        size="small"
        color={active ? 'primary' : 'default'}
        variant={active ? 'filled' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // Keep the editor's selection: the command focuses it again.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** 链接: the address of the selected text (or of the link under the cursor); empty removes the link. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);

  const show = (next: boolean) => {
    if (next) {
      setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(null);
    }
    setOpen(next);
  };

  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href.trim()) {
      chain.unsetLink().run();
      setOpen(false);
      return;
    }
    const url = normalizeLink(href);
    if (!url) {
      setError('请输入 http、https 或 mailto 链接');
      return;
    }
    if (editor.state.selection.empty && !active)
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.setLink({ href: url }).run();
    setOpen(false);
  };

  const content = (
    <div style={{ width: 320 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="small"
          autoFocus
          aria-label="链接地址"
          placeholder="https://… 或 邮箱地址"
          value={href}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
          onPressEnter={(e) => {
            e.preventDefault();
            apply();
          }}
        />
        <Button size="small" type="primary" onClick={apply}>
          确定
        </Button>
      </Space.Compact>
      {error && <div style={{ color: '#ff4d4f', fontSize: 12, marginTop: 4 }}>{error}</div>}
      {active && (
        <Button
          size="small"
          type="link"
          danger
          style={{ paddingInline: 0, marginTop: 4 }}
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            setOpen(false);
          }}
        >
          移除链接
        </Button>
      )}
    </div>
  );

  return (
    <Popover open={open} onOpenChange={show} trigger="click" placement="bottom" content={content} destroyOnHidden>
      <span>
        <ToolButton title="链接" label="链接" icon={<LinkOutlined />} active={active} onClick={() => show(!open)} />
      </span>
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      level: LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();

  return (
    <div className="aps-rte-toolbar" role="toolbar" aria-label="格式">
      <Select<number>
        size="small"
        aria-label="段落格式"
        value={s.level}
        options={BLOCK_OPTIONS}
        style={{ width: 86 }}
        popupMatchSelectWidth={false}
        onChange={(level) =>
          level === 0
            ? run().setParagraph().run()
            : run()
                .setHeading({ level: level as Level })
                .run()
        }
      />
      <Divider orientation="vertical" />
      <ToolButton
        title="加粗 (Ctrl+B)"
        label="加粗"
        icon={<BoldOutlined />}
        active={s.bold}
        onClick={() => run().toggleBold().run()}
      />
      <ToolButton
        title="斜体 (Ctrl+I)"
        label="斜体"
        icon={<ItalicOutlined />}
        active={s.italic}
        onClick={() => run().toggleItalic().run()}
      />
      <ToolButton
        title="下划线 (Ctrl+U)"
        label="下划线"
        icon={<UnderlineOutlined />}
        active={s.underline}
        onClick={() => run().toggleUnderline().run()}
      />
      <ToolButton
        title="删除线"
        label="删除线"
        icon={<StrikethroughOutlined />}
        active={s.strike}
        onClick={() => run().toggleStrike().run()}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title="无序列表"
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={s.bulletList}
        onClick={() => run().toggleBulletList().run()}
      />
      <ToolButton
        title="有序列表"
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={s.orderedList}
        onClick={() => run().toggleOrderedList().run()}
      />
      <ToolButton
        title="引用"
        label="引用"
        icon={<Icon component={QuoteSvg} />}
        active={s.blockquote}
        onClick={() => run().toggleBlockquote().run()}
      />
      <LinkButton editor={editor} active={s.link} />
      <Divider orientation="vertical" />
      <ToolButton
        title="撤销 (Ctrl+Z)"
        label="撤销"
        icon={<UndoOutlined />}
        disabled={!s.canUndo}
        onClick={() => run().undo().run()}
      />
      <ToolButton
        title="重做 (Ctrl+Shift+Z)"
        label="重做"
        icon={<RedoOutlined />}
        disabled={!s.canRedo}
        onClick={() => run().redo().run()}
      />
      <ToolButton
        title="清除格式"
        label="清除格式"
        icon={<ClearOutlined />}
        onClick={() => run().unsetAllMarks().clearNodes().run()}
      />
    </div>
  );
}

export default function RichTextEditor({
  id,
  value = '',
  onChange,
  placeholder = '请输入内容',
  ariaLabel,
}: RichTextEditorProps) {
  const { token } = theme.useToken();
  const { status } = Form.Item.useStatus();
  // What the editor last reported: a value from outside (the form reset for another record) replaces the text.
  const reported = useRef(value);
  // The body as it was loaded holds what the editor drops (images, tables, colours): warn before it is saved.
  const [lossy, setLossy] = useState(() => hasUnsupportedFormatting(value));
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [...LEVELS] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // The server keeps only these schemes too.
          isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedLink(url),
        },
      }),
      Placeholder.configure({ placeholder }),
    ],
    content: bodyHtml(value),
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(ariaLabel ? { 'aria-label': ariaLabel } : {}),
        class: 'aps-announcement-body',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorValue(e);
      if (html === reported.current) return;
      reported.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setLossy(hasUnsupportedFormatting(value));
    // Not an edit: no update event, and undo cannot bring back the previous record's text.
    editor
      .chain()
      .command(({ tr }) => {
        tr.setMeta('addToHistory', false);
        return true;
      })
      .setContent(bodyHtml(value), { emitUpdate: false })
      .run();
  }, [editor, value]);

  const error = status === 'error';
  const style = {
    '--aps-rte-border': error ? token.colorError : token.colorBorder,
    '--aps-rte-active': error ? token.colorErrorHover : token.colorPrimaryHover,
    '--aps-rte-shadow': error ? token.colorErrorOutline : token.controlOutline,
  } as CSSProperties;

  return (
    <div className="aps-rte" style={style}>
      {lossy && (
        <Alert
          type="warning"
          showIcon
          banner
          title="原正文含编辑器不支持的图片、表格或样式，修改并保存后这些内容将丢失"
          style={{ borderRadius: '6px 6px 0 0' }}
        />
      )}
      <Toolbar editor={editor} />
      {/* A click anywhere below the text puts the cursor at its end. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the editable area inside takes the keyboard. */}
      <div
        className="aps-rte-content"
        onClick={(e) => {
          if (e.target === e.currentTarget) editor.chain().focus('end').run();
        }}
      >
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
