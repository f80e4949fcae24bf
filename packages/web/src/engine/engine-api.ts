import {
  API_PATHS,
  type AutocompleteOption,
  apiPath,
  type DatagridPage,
  type DatagridParams,
  type DatagridSchema,
  type EntityLabels,
  type EntityMeta,
  type EntityRecord,
  type FormSchema,
  type UploadedFile,
} from '@klubovna/shared';
import useSWR from 'swr';
import { api } from '../api/api.ts';
import { isAxiosLikeError } from '../api/api-errors.ts';
import { usePrefetchedInCache } from '../api/prefetch-store.ts';

/** The engine's calls, filled from the API path table the server registers its routes with. */
export const engineUrls = {
  datagridSchema: (name: string) => apiPath(API_PATHS.datagridSchema, { name }),
  datagridRows: (name: string) => apiPath(API_PATHS.datagridRows, { name }),
  datagridExport: (name: string) => apiPath(API_PATHS.datagridExport, { name }),
  datagridAutocomplete: (name: string, column: string) =>
    apiPath(API_PATHS.datagridAutocomplete, { name, column }),
  datagridBulkDelete: (name: string) => apiPath(API_PATHS.datagridBulkDelete, { name }),
  formSchema: (alias: string) => apiPath(API_PATHS.formSchema, { alias }),
  form: (alias: string, id?: number) =>
    id === undefined ? apiPath(API_PATHS.formCreate, { alias }) : apiPath(API_PATHS.form, { alias, id }),
  autocomplete: (alias: string) => apiPath(API_PATHS.autocomplete, { alias }),
  history: (alias: string, id: number) => apiPath(API_PATHS.history, { alias, id }),
  file: (id: number) => apiPath(API_PATHS.file, { id }),
};

/** Schemas never change while the app runs: fetched once per alias. */
const STATIC = { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false };

export function useDatagridSchema(name: string) {
  const key = engineUrls.datagridSchema(name);
  // The list's prefetched schema, when it came with its code: the first render already has it.
  usePrefetchedInCache(key);
  return useSWR<DatagridSchema>(key, STATIC);
}

export function useDatagridPage(name: string, params: DatagridParams | null) {
  const key = params ? ([engineUrls.datagridRows(name), params] as const) : null;
  // The first page, when its prefetched rows came before the list's first render: shown by that render.
  const prefetched = usePrefetchedInCache(key);
  return useSWR<DatagridPage>(key, {
    keepPreviousData: true,
    ...(prefetched ? { revalidateOnMount: false } : {}),
  });
}

export function useFormSchema(alias: string) {
  const key = engineUrls.formSchema(alias);
  // The form's prefetched schema (prefetchForm), when it came with the screen's code.
  usePrefetchedInCache(key);
  return useSWR<FormSchema>(key, STATIC);
}

/** An entity's Czech names (with the accusative for sentences), from the list of readable entities. */
export function useEntityLabels(alias: string): EntityLabels | undefined {
  const { data } = useSWR<EntityMeta[]>(API_PATHS.tables, STATIC);
  return data?.find((entity) => entity.alias === alias)?.labels;
}

export function useRecord(alias: string, id: number | undefined) {
  const key = id === undefined ? null : engineUrls.form(alias, id);
  usePrefetchedInCache(key);
  return useSWR<EntityRecord>(key, {
    // An open form is not refreshed under the user's hands; conflicts are caught on save.
    revalidateOnFocus: false,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}

export function useUploadedFile(id: number | null | undefined) {
  return useSWR<UploadedFile>(typeof id === 'number' ? engineUrls.file(id) : null, STATIC);
}

/** Save chooses create or update by the presence of an id. */
export function saveRecord(
  alias: string,
  values: Record<string, unknown>,
  id?: number,
): Promise<EntityRecord> {
  return id === undefined
    ? api.post<EntityRecord>(engineUrls.form(alias), values)
    : api.put<EntityRecord>(engineUrls.form(alias, id), values);
}

/** Values to filter a column by: its distinct values, or an enum's options. */
export function columnValues(name: string, column: string, search: string): Promise<AutocompleteOption[]> {
  return api.get<AutocompleteOption[]>(engineUrls.datagridAutocomplete(name, column), { s: search });
}

export function deleteRecord(alias: string, id: number): Promise<unknown> {
  return api.delete(engineUrls.form(alias, id));
}

export function deleteRecords(name: string, ids: number[]): Promise<unknown> {
  return api.post(engineUrls.datagridBulkDelete(name), { ids });
}

/**
 * Records of `alias` matching `search`; `field` (`group.trainers`) names the relation the picker fills,
 * so that only the records it accepts are offered.
 */
export function searchRelated(
  alias: string,
  search: string,
  { limit = 20, field }: { limit?: number; field?: string } = {},
): Promise<AutocompleteOption[]> {
  return api.get<AutocompleteOption[]>(engineUrls.autocomplete(alias), { s: search, limit, field });
}

/** A 409 answer: someone saved the record in between; `current` is what is stored now. */
export interface SaveConflict {
  message: string;
  current: EntityRecord;
}

/** The conflict behind a failed save, if it was one (409 is not in the client's error catalogue, so it arrives raw). */
export function saveConflict(error: unknown): SaveConflict | undefined {
  if (!isAxiosLikeError(error) || error.response?.status !== 409) return undefined;
  const body = error.response.data as { error?: { message?: string; current?: EntityRecord } } | undefined;
  if (!body?.error?.current) return undefined;
  return { message: body.error.message ?? '', current: body.error.current };
}

/** A 409 without a record: e.g. a delete refused because other records use this one. */
export function conflictMessage(error: unknown): string | undefined {
  if (!isAxiosLikeError(error) || error.response?.status !== 409) return undefined;
  return (error.response.data as { error?: { message?: string } } | undefined)?.error?.message;
}
