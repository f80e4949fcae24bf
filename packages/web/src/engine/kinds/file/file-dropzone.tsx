import '@mantine/dropzone/styles.css';
import { Group, Text } from '@mantine/core';
import {
  Dropzone,
  MS_EXCEL_MIME_TYPE,
  MS_POWERPOINT_MIME_TYPE,
  MS_WORD_MIME_TYPE,
  PDF_MIME_TYPE,
} from '@mantine/dropzone';
import { IconFile, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';

/** What the server accepts as images (SVG is refused: it can carry scripts). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
const DOCUMENT_TYPES = [
  ...PDF_MIME_TYPE,
  ...MS_WORD_MIME_TYPE,
  ...MS_EXCEL_MIME_TYPE,
  ...MS_POWERPOINT_MIME_TYPE,
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/plain',
  'text/csv',
];

export interface FileDropzoneProps {
  /** The field takes images only. */
  image: boolean;
  name: string;
  label: string;
  /** The field holds a file already: a new one replaces it. */
  replaces: boolean;
  loading: boolean;
  onDrop: (files: File[]) => void;
  onReject: () => void;
}

/**
 * The area a file is dropped on or picked through: a chunk of its own (the dropzone library), loaded
 * only by a form that has a file or image field.
 */
export default function FileDropzone(props: FileDropzoneProps) {
  const { image } = props;
  return (
    <Dropzone
      onDrop={props.onDrop}
      onReject={props.onReject}
      accept={image ? IMAGE_TYPES : [...IMAGE_TYPES, ...DOCUMENT_TYPES]}
      multiple={false}
      loading={props.loading}
      name={props.name}
      aria-label={`${props.label}: přetáhněte soubor nebo klikněte pro výběr`}
      p="md"
    >
      <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={28} />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={28} />
        </Dropzone.Reject>
        <Dropzone.Idle>{image ? <IconPhoto size={28} /> : <IconFile size={28} />}</Dropzone.Idle>
        <div>
          <Text size="sm">
            {props.replaces ? 'Nahradit: přetáhněte nový soubor sem' : 'Přetáhněte soubor sem'}
          </Text>
          <Text size="xs" c="dimmed">
            nebo klikněte a vyberte {image ? 'obrázek' : 'soubor'}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}
