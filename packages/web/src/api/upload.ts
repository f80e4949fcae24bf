import { API_PATHS } from '@klubovna/shared';
import { api as defaultApi } from './api.ts';
import type { ApiClient } from './http-client.ts';

/** An upload may take up to 100 s (large files on slow connections) before it is given up. */
export const UPLOAD_TIMEOUT_MS = 100_000;
export const DEFAULT_UPLOAD_NAMESPACE = 'default';
export const UPLOAD_URL = API_PATHS.fileUpload;

export interface UploadOptions {
  /** Folder-like grouping on the server; `default` by default. */
  namespace?: string;
  /** Called with 0–100 as the upload progresses. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  client?: ApiClient;
}

/** Posts a multipart form, reporting the upload's progress; answers the response's `data`. */
export async function postMultipart<T = unknown>(
  url: string,
  form: FormData,
  {
    onProgress,
    signal,
    client = defaultApi,
    params,
  }: Omit<UploadOptions, 'namespace'> & {
    params?: Record<string, string>;
  } = {},
): Promise<T> {
  const http = await client.http();
  const response = await http.post(url, form, {
    params,
    timeout: UPLOAD_TIMEOUT_MS,
    signal,
    onUploadProgress: (event) => {
      if (!onProgress) return;
      const total = event.total ?? 0;
      onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 0);
    },
  });
  return (response.data as { data?: T } | null)?.data as T;
}

/** Sends files as multipart `files[]` and returns the first item of the answer's list. */
export async function uploadFiles<T = unknown>(
  files: File | Blob | readonly (File | Blob)[],
  { namespace = DEFAULT_UPLOAD_NAMESPACE, ...options }: UploadOptions = {},
): Promise<T> {
  const form = new FormData();
  for (const file of Array.isArray(files) ? files : [files]) form.append('files[]', file);
  const items = await postMultipart<T[] | T | null>(UPLOAD_URL, form, { ...options, params: { namespace } });
  const first = Array.isArray(items) ? items[0] : items;
  if (first === null || first === undefined) throw new Error('Response is null');
  return first;
}
