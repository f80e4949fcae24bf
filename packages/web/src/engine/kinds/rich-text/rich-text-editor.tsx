import '@mantine/tiptap/styles.css';
import { Button, Group, Popover, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconBrandYoutube, IconPhotoPlus } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useErrorHandler } from '../../../api/api-provider.tsx';
import { uploadFiles } from '../../../api/upload.ts';
import classes from './rich-text-editor.module.css';
import { VideoEmbed, videoEmbedUrl } from './video-embed.ts';

export interface RichTextEditorProps {
  value: string | null;
  onChange: (html: string | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  labelId: string;
  /** Where images put into the text are uploaded; none: no image upload. */
  uploadNamespace?: string;
}

/** An image's text alternative from its file name: `hriste-2026.jpg` → `hriste 2026`. */
const altOf = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim() || 'Obrázek';

/** Puts a YouTube or Vimeo player into the text from the address of its page. */
function VideoControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const insert = () => {
    const src = videoEmbedUrl(address);
    if (!src) {
      setError('Vložit lze jen video z YouTube nebo Vimea, např. https://www.youtube.com/watch?v=…');
      return;
    }
    editor?.chain().focus().setVideoEmbed(src).run();
    setOpened(false);
    setAddress('');
    setError(null);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow shadow="md">
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => setOpened((open) => !open)}
          aria-label="Vložit video"
          title="Vložit video"
        >
          <IconBrandYoutube stroke={1.5} size={16} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Adresa videa (YouTube, Vimeo)"
            placeholder="https://www.youtube.com/watch?v=…"
            value={address}
            error={error}
            onChange={(event) => setAddress(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                insert();
              }
            }}
          />
          <Button onClick={insert}>Vložit</Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Uploads an image into the namespace and puts it into the text where the cursor is. */
function ImageUploadControl({ namespace }: { namespace: string }) {
  const { editor } = useRichTextEditorContext();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const handleError = useErrorHandler();
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const uploaded = await uploadFiles<{ url: string }>(file, { namespace });
      if (!editor) return;
      // After what is selected (an image put in before), never in its place.
      editor
        .chain()
        .focus()
        .insertContentAt(editor.state.selection.to, {
          type: 'image',
          attrs: { src: uploaded.url, alt: altOf(file.name) },
        })
        .run();
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <RichTextEditor.Control
        onClick={() => input.current?.click()}
        aria-label="Vložit obrázek"
        title="Vložit obrázek"
        disabled={busy}
      >
        <IconPhotoPlus stroke={1.5} size={16} aria-hidden />
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="rich-text-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}

const CZECH_LABELS = {
  boldControlLabel: 'Tučně',
  italicControlLabel: 'Kurzíva',
  strikeControlLabel: 'Přeškrtnuté',
  h2ControlLabel: 'Nadpis 2',
  h3ControlLabel: 'Nadpis 3',
  bulletListControlLabel: 'Odrážky',
  orderedListControlLabel: 'Číslovaný seznam',
  blockquoteControlLabel: 'Citace',
  linkControlLabel: 'Odkaz',
  unlinkControlLabel: 'Zrušit odkaz',
  linkEditorInputLabel: 'Adresa odkazu',
  linkEditorInputPlaceholder: 'https://…',
  linkEditorSave: 'Uložit',
  undoControlLabel: 'Zpět',
  redoControlLabel: 'Znovu',
};

/** Mantine's TipTap editor (a lazy chunk: only forms with rich text load it). */
export default function RichTextField({
  value,
  onChange,
  onBlur,
  disabled,
  labelId,
  uploadNamespace,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      Image.configure({ allowBase64: false }),
      VideoEmbed,
    ],
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-labelledby': labelId } },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? null : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A reset or a reload from the server replaces the content; typing does not come back here.
  useEffect(() => {
    if (!editor) return;
    const html = editor.isEmpty ? null : editor.getHTML();
    if (html !== value) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <RichTextEditor editor={editor} labels={CZECH_LABELS}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          {uploadNamespace && <ImageUploadControl namespace={uploadNamespace} />}
          <VideoControl />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} className={classes.content} />
    </RichTextEditor>
  );
}
