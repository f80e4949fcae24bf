import '@mantine/dropzone/styles.css';
import type { UploadedFile } from '@klubovna/shared';
import {
  ActionIcon,
  Anchor,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  Dropzone,
  MS_EXCEL_MIME_TYPE,
  MS_POWERPOINT_MIME_TYPE,
  MS_WORD_MIME_TYPE,
  PDF_MIME_TYPE,
} from '@mantine/dropzone';
import { IconFile, IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../api/describe-error.ts';
import { uploadFiles } from '../../../api/upload.ts';
import { useUploadedFile } from '../../engine-api.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

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

const SIZE = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${SIZE.format(bytes / 1024)} kB`;
  return `${SIZE.format(bytes / 1024 / 1024)} MB`;
}

function StoredFile({ file, image }: { file: UploadedFile; image: boolean }) {
  if (image) {
    return (
      <Image src={file.thumbnailUrl ?? file.url} alt={file.name} radius="sm" h={120} w="auto" fit="contain" />
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <IconFile size={20} aria-hidden />
      <div>
        <Anchor href={file.url} size="sm" target="_blank" rel="noopener noreferrer">
          {file.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {formatFileSize(file.size)}
        </Text>
      </div>
    </Group>
  );
}

/** Upload by drop or click, with progress; the field holds the uploaded file's id. */
function FileWidget(props: WidgetProps<number | null>) {
  const { field } = props;
  const image = field.kind === 'image';
  const base = inputProps(props);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { data: stored, mutate } = useUploadedFile(props.value);

  const upload = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const uploaded = await uploadFiles<UploadedFile>(file, {
        namespace: field.uploadNamespace,
        onProgress: setProgress,
      });
      await mutate(uploaded, { revalidate: false });
      props.onChange(uploaded.id);
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Input.Wrapper
      label={base.label}
      description={base.description}
      required={base.required}
      error={failure ?? base.error}
    >
      <Stack gap="xs" mt={4}>
        {props.value !== null && (
          <Paper withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {stored ? <StoredFile file={stored} image={image} /> : <Text size="sm">Načítám…</Text>}
              {!base.disabled && (
                <Tooltip label="Odebrat">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Odebrat – ${field.label}`}
                    onClick={() => props.onChange(null)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        )}
        {!base.disabled && (
          <Dropzone
            onDrop={upload}
            onReject={() =>
              setFailure(
                image
                  ? 'Nahrajte obrázek JPEG, PNG, WebP, GIF nebo AVIF.'
                  : 'Tento typ souboru nelze nahrát.',
              )
            }
            accept={image ? IMAGE_TYPES : [...IMAGE_TYPES, ...DOCUMENT_TYPES]}
            multiple={false}
            loading={progress !== null}
            name={field.name}
            aria-label={`${field.label}: přetáhněte soubor nebo klikněte pro výběr`}
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
                  {props.value === null ? 'Přetáhněte soubor sem' : 'Nahradit: přetáhněte nový soubor sem'}
                </Text>
                <Text size="xs" c="dimmed">
                  nebo klikněte a vyberte {image ? 'obrázek' : 'soubor'}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}
        {progress !== null && (
          <Progress value={progress} animated aria-label={`Nahrávání ${progress} %`} size="sm" />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

export const fileWidget = defineWidget(FileWidget);
