import './rich-text.css';
import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Flex, Input, Popover, Segmented, Space, Tooltip } from 'antd';
import { type ReactNode, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHtmlSource, normaliseLinkHref } from './html-source';
import { EMBEDDABLE_IMAGE_TYPES, ImageEmbedError, imageToDataUrl } from './image-embed';

/** What the dialog holding the editor reads when the person saves. */
export interface RichTextHandle {
  /**
   * The content as HTML: the editor's, or in the HTML view exactly what was typed there; the HTML it
   * was opened with when nothing was changed (so opening and saving leaves a row as it was).
   */
  html(): string;
}

type Mode = 'rich' | 'html';

const extensions = [
  StarterKit.configure({
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
  }),
  Image.configure({ allowBase64: true }),
];

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        icon={icon}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function LinkButton({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const normal = normaliseLinkHref(href);
    if (!normal) {
      void message.error(t('richText.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: normal, marks: [{ type: 'link', attrs: { href: normal } }] }).run();
    else chain.setLink({ href: normal }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
        setOpen(next);
      }}
      content={
        <Space.Compact style={{ width: 320 }}>
          <Input
            autoFocus
            aria-label={t('richText.linkAddress')}
            placeholder={t('richText.linkPlaceholder')}
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
          />
          <Button type="primary" onClick={apply}>
            {t('richText.linkApply')}
          </Button>
        </Space.Compact>
      }
    >
      <span>
        <ToolButton
          label={t('richText.link')}
          icon={<LinkOutlined />}
          active={editor.isActive('link')}
          disabled={disabled}
          onClick={() => {}}
        />
      </span>
    </Popover>
  );
}

/**
 * TipTap rich text with a toolbar (formatting, headings, lists, links, inline images embedded as
 * data: URLs after a type and size check) and a toggle to the HTML source. Lives in its own chunk.
 */
export function RichTextEditor({ initialHtml, label, ref }: { initialHtml: string; label: string; ref?: Ref<RichTextHandle> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mode, setMode] = useState<Mode>('rich');
  const [source, setSource] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const sourceShown = useRef('');
  const editor = useEditor({
    extensions,
    content: initialHtml,
    immediatelyRender: false,
    onUpdate: () => {
      changed.current = true;
    },
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'sp-rich-text-content' } },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            link: e.isActive('link'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  useImperativeHandle(
    ref,
    () => ({
      html: () => {
        if (!changed.current && (mode === 'rich' || source === sourceShown.current)) return initialHtml;
        return mode === 'html' ? source.trim() : !editor || editor.isEmpty ? '' : editor.getHTML();
      },
    }),
    [mode, source, editor, initialHtml],
  );

  const switchMode = (next: Mode) => {
    if (!editor || next === mode) return;
    if (next === 'html') {
      sourceShown.current = formatHtmlSource(editor.isEmpty ? '' : editor.getHTML());
      setSource(sourceShown.current);
    } else {
      if (source !== sourceShown.current) changed.current = true;
      editor.commands.setContent(source, { emitUpdate: false });
    }
    setMode(next);
  };

  const insertImage = async (file: File) => {
    try {
      const src = await imageToDataUrl(file);
      editor?.chain().focus().setImage({ src, alt: file.name }).run();
    } catch (e) {
      void message.error(e instanceof ImageEmbedError ? t(e.reason) : t('richText.image.readFailed'));
    }
  };

  const off = mode === 'html' || !editor;
  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  return (
    <Flex vertical gap={8} className="sp-rich-text">
      <Flex wrap gap={4} align="center" role="toolbar" aria-label={t('richText.toolbar')}>
        <ToolButton
          label={t('richText.bold')}
          icon={<BoldOutlined />}
          active={!!active?.bold}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleBold().run())}
        />
        <ToolButton
          label={t('richText.italic')}
          icon={<ItalicOutlined />}
          active={!!active?.italic}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleItalic().run())}
        />
        <ToolButton
          label={t('richText.underline')}
          icon={<UnderlineOutlined />}
          active={!!active?.underline}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleUnderline().run())}
        />
        <ToolButton
          label={t('richText.strike')}
          icon={<StrikethroughOutlined />}
          active={!!active?.strike}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleStrike().run())}
        />
        <Divider orientation="vertical" />
        {([1, 2, 3] as const).map((level) => (
          <ToolButton
            key={level}
            label={t('richText.heading', { level })}
            icon={<span style={{ fontWeight: 700, fontSize: 12 }}>{`H${level}`}</span>}
            active={!!active?.[`h${level}`]}
            disabled={off}
            onClick={run((e) => e.chain().focus().toggleHeading({ level }).run())}
          />
        ))}
        <Divider orientation="vertical" />
        <ToolButton
          label={t('richText.bulletList')}
          icon={<UnorderedListOutlined />}
          active={!!active?.bulletList}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleBulletList().run())}
        />
        <ToolButton
          label={t('richText.orderedList')}
          icon={<OrderedListOutlined />}
          active={!!active?.orderedList}
          disabled={off}
          onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
        />
        <Divider orientation="vertical" />
        {editor && <LinkButton editor={editor} disabled={off} />}
        <ToolButton
          label={t('richText.unlink')}
          icon={<DisconnectOutlined />}
          disabled={off || !active?.link}
          onClick={run((e) => e.chain().focus().extendMarkRange('link').unsetLink().run())}
        />
        <ToolButton
          label={t('richText.insertImage')}
          icon={<PictureOutlined />}
          disabled={off}
          onClick={() => fileInput.current?.click()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          label={t('richText.undo')}
          icon={<UndoOutlined />}
          disabled={off || !active?.canUndo}
          onClick={run((e) => e.chain().focus().undo().run())}
        />
        <ToolButton
          label={t('richText.redo')}
          icon={<RedoOutlined />}
          disabled={off || !active?.canRedo}
          onClick={run((e) => e.chain().focus().redo().run())}
        />
        <Segmented<Mode>
          size="small"
          style={{ marginLeft: 'auto' }}
          aria-label={t('richText.view')}
          value={mode}
          onChange={switchMode}
          options={[
            { value: 'rich', label: t('richText.modeRich') },
            { value: 'html', label: t('richText.modeHtml') },
          ]}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label={t('richText.insertImage')}
          accept={EMBEDDABLE_IMAGE_TYPES.join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void insertImage(file);
          }}
        />
      </Flex>
      {mode === 'html' ? (
        <Input.TextArea
          aria-label={t('richText.htmlSource')}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          spellCheck={false}
          autoSize={{ minRows: 12, maxRows: 24 }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
        />
      ) : (
        <EditorContent editor={editor} className="sp-rich-text-frame" />
      )}
    </Flex>
  );
}
