import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface RichTextEditorProps {
  value: string | null;
  onChange: (html: string | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  labelId: string;
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
export default function RichTextField({ value, onChange, onBlur, disabled, labelId }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
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
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={180} />
    </RichTextEditor>
  );
}
