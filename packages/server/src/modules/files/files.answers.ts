import type { UploadedFile } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';

/** A stored file as the API answers it (`UploadedFile`): its addresses, type, size and an image's dimensions. */
export const uploadedFileAnswer = z
  .object({
    id: z.number().int(),
    url: z.string(),
    name: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbnailUrl: z.string().nullable(),
  })
  .meta({ id: 'UploadedFile' }) satisfies z.ZodType<UploadedFile>;

export const uploadedFilesAnswer = dataOf(z.array(uploadedFileAnswer));
export const fileAnswer = dataOf(uploadedFileAnswer);
