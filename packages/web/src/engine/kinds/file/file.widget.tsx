import type { UploadedFile } from '@klubovna/shared';
import {
  ActionIcon,
  Anchor,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconFile, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { describeError } from '../../../api/describe-error.ts';
import { uploadFiles } from '../../../api/upload.ts';
import { useUploadedFile } from '../../engine-api.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

const FileDropzone = lazy(() => import('./file-dropzone.tsx'));

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
          // As tall as the dropzone, so the form does not move when it comes.
          <Suspense fallback={<Skeleton h={90} radius="sm" />}>
            <FileDropzone
              image={image}
              name={field.name}
              label={field.label}
              replaces={props.value !== null}
              loading={progress !== null}
              onDrop={upload}
              onReject={() =>
                setFailure(
                  image
                    ? 'Nahrajte obrázek JPEG, PNG, WebP, GIF nebo AVIF.'
                    : 'Tento typ souboru nelze nahrát.',
                )
              }
            />
          </Suspense>
        )}
        {progress !== null && (
          <Progress value={progress} animated aria-label={`Nahrávání ${progress} %`} size="sm" />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

export const fileWidget = defineWidget(FileWidget);
