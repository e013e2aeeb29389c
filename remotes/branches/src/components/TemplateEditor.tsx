import { Node, mergeAttributes } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Dropdown, Flex, Tooltip } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from '@esim/contracts';

/*
 * The branch template's rich-text editor (TipTap 3 on ProseMirror). Loaded on demand
 * (BranchFormFields lazy-imports this file): nothing else of the console downloads TipTap.
 * Placeholders are atoms the user inserts from a menu: <span data-placeholder="providerName">
 * {{providerName}}</span>; the API sanitises whatever is sent (api/src/areas/branches/template.ts).
 */

/** An inline, indivisible placeholder. */
const TemplatePlaceholderNode = Node.create({
  name: 'templatePlaceholder',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      name: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-placeholder'),
        renderHTML: (attributes: { name?: string | null }) =>
          attributes.name ? { 'data-placeholder': attributes.name } : {},
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-placeholder]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), `{{${String(node.attrs.name)}}}`];
  },
  renderText({ node }) {
    return `{{${String(node.attrs.name)}}}`;
  },
});

export interface TemplateEditorProps {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  label: string;
  invalid?: boolean;
}

const STYLE = `
.branch-template-editor .ProseMirror { min-height: 160px; padding: 8px 11px; outline: none; }
.branch-template-editor .ProseMirror p { margin: 0 0 8px; }
.branch-template-editor [data-placeholder] {
  background: #e6f4ff; border: 1px solid #91caff; border-radius: 4px; padding: 0 4px;
}
`;

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        icon={props.icon}
        aria-label={props.label}
        aria-pressed={props.active ?? false}
        disabled={props.disabled}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('branches');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const insert = (name: TemplatePlaceholder) =>
    chain().insertContent({ type: 'templatePlaceholder', attrs: { name } }).run();
  return (
    <Flex
      gap={4}
      wrap
      role="toolbar"
      aria-label={t('template.toolbar')}
      style={{ padding: 4, borderBottom: '1px solid #d9d9d9' }}
    >
      <ToolButton
        label={t('template.bold')}
        icon={<strong>B</strong>}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label={t('template.italic')}
        icon={<em style={{ fontFamily: 'serif' }}>I</em>}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label={t('template.underline')}
        icon={<u>U</u>}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label={t('template.strike')}
        icon={<s>S</s>}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label={t('template.heading2')}
        icon={<strong>H2</strong>}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        label={t('template.heading3')}
        icon={<strong>H3</strong>}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton
        label={t('template.bulletList')}
        icon={<span aria-hidden>•≡</span>}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label={t('template.orderedList')}
        icon={<span aria-hidden>1≡</span>}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label={t('template.undo')}
        icon={<span aria-hidden>↶</span>}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label={t('template.redo')}
        icon={<span aria-hidden>↷</span>}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: TEMPLATE_PLACEHOLDERS.map((name) => ({
            key: name,
            label: t(`template.placeholders.${name}`),
          })),
          onClick: ({ key }) => insert(key as TemplatePlaceholder),
        }}
      >
        <Button size="small" data-testid="template-insert-placeholder" autoInsertSpace={false}>
          {t('template.insertPlaceholder')} ▾
        </Button>
      </Dropdown>
    </Flex>
  );
}

/** The editor: toolbar, placeholder menu and the editable area (Tab leaves it, as in a field). */
export function TemplateEditor({
  id,
  value,
  onChange,
  onBlur,
  label,
  invalid,
}: TemplateEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      TemplatePlaceholderNode,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'data-testid': 'template-editor',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A form reset (reload after a conflict) replaces the content.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className="branch-template-editor"
      style={{
        border: `1px solid ${invalid ? '#ff4d4f' : '#d9d9d9'}`,
        borderRadius: 6,
        background: '#fff',
      }}
    >
      <style>{STYLE}</style>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

export default TemplateEditor;
