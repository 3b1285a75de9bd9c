import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/oss';
import { useMessageApi } from '../../lib/feedback';
import styles from './RichTextEditor.module.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  id?: string;
}

const SAFE_LINK = /^(https?:\/\/|\/(?!\/)|mailto:|tel:)/;

/**
 * The console's rich-text editor (Tiptap 3 on ProseMirror, React 19): headings, emphasis, lists, quotes, links
 * and images (uploaded through put-file or by address). What it writes is HTML; the server sanitises it on save
 * and again when a page shows it, so the editor is a convenience, never the safety.
 */
export default function RichTextEditor({ value, onChange, disabled, id }: RichTextEditorProps) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image,
    ],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps: { attributes: { class: styles.content ?? '', 'aria-label': t('screens.richText.label') } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });

  // The form sets the value after mount (edit dialog) or resets it; follow it unless it is what we wrote.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value ?? '') !== current) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (key: string, icon: React.ReactNode, on: boolean, run: () => void) => (
    <Tooltip title={t(`screens.richText.${key}` as 'screens.richText.bold')} key={key}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`screens.richText.${key}` as 'screens.richText.bold')}
        aria-pressed={on}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  );
  const textTool = (key: string, text: string, on: boolean, run: () => void) => (
    <Button
      key={key}
      size="small"
      type={on ? 'primary' : 'text'}
      aria-label={t(`screens.richText.${key}` as 'screens.richText.bold')}
      aria-pressed={on}
      disabled={disabled}
      onClick={run}
    >
      {text}
    </Button>
  );

  const uploadImage = async (file: File) => {
    try {
      const stored = await putFile(file, file.name);
      chain().setImage({ src: stored.link, alt: file.name }).run();
    } catch {
      message.error(t('screens.richText.uploadFailed'));
    }
  };

  return (
    <div className={styles.editor} id={id} data-disabled={disabled || undefined}>
      <div className={styles.toolbar} role="toolbar" aria-label={t('screens.richText.toolbar')}>
        <Space size={2} wrap>
          {textTool('h2', 'H2', active?.h2 ?? false, () => chain().toggleHeading({ level: 2 }).run())}
          {textTool('h3', 'H3', active?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run())}
          <Divider type="vertical" />
          {tool('bold', <BoldOutlined />, active?.bold ?? false, () => chain().toggleBold().run())}
          {tool('italic', <ItalicOutlined />, active?.italic ?? false, () => chain().toggleItalic().run())}
          {tool('underline', <UnderlineOutlined />, active?.underline ?? false, () =>
            chain().toggleUnderline().run(),
          )}
          {tool('strike', <StrikethroughOutlined />, active?.strike ?? false, () =>
            chain().toggleStrike().run(),
          )}
          <Divider type="vertical" />
          {tool('bulletList', <UnorderedListOutlined />, active?.bullet ?? false, () =>
            chain().toggleBulletList().run(),
          )}
          {tool('orderedList', <OrderedListOutlined />, active?.ordered ?? false, () =>
            chain().toggleOrderedList().run(),
          )}
          {textTool('quote', '❝', active?.quote ?? false, () => chain().toggleBlockquote().run())}
          <Divider type="vertical" />
          {tool('link', <LinkOutlined />, editor.isActive('link'), () => {
            setLink((editor.getAttributes('link').href as string | undefined) ?? '');
            setLinkOpen(true);
          })}
          {tool('image', <PictureOutlined />, false, () => fileInput.current?.click())}
          <Divider type="vertical" />
          {tool('undo', <UndoOutlined />, false, () => chain().undo().run())}
          {tool('redo', <RedoOutlined />, false, () => chain().redo().run())}
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      <Modal
        open={linkOpen}
        title={t('screens.richText.link')}
        onCancel={() => setLinkOpen(false)}
        onOk={() => {
          const href = link.trim();
          if (!href) chain().extendMarkRange('link').unsetLink().run();
          else if (!SAFE_LINK.test(href)) {
            message.error(t('screens.richText.linkInvalid'));
            return;
          } else chain().extendMarkRange('link').setLink({ href, target: '_blank' }).run();
          setLinkOpen(false);
        }}
        destroyOnHidden
      >
        <Input value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://" />
      </Modal>
    </div>
  );
}
