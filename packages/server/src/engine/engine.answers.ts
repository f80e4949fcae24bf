import {
  type AutocompleteOption,
  type DatagridSchema,
  type EntityLabels,
  type EntityMeta,
  type EntityRoutes,
  FIELD_KINDS,
  type FieldConstraints,
  type FormSchema,
  type HistoryEntry,
  type ImportPreview,
  type ImportReport,
  type RecordSearchHit,
  type TrashPage,
  type TrashRestoreResult,
} from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../http/api-answers.ts';

// What the engine's generic routes answer, for the API document and its contract; each checked
// against the shared type the back office reads (`satisfies`). An entity's own paths name its record
// schemas instead of the open `storedRecord` (engine/entity-openapi.ts).

const id = z.number().int();
const count = z.number().int();
const kind = z.enum(FIELD_KINDS);
/** An enum's option as declared: its value, Czech label, and a longer description where it has one. */
const option = z.object({ value: z.string(), label: z.string(), description: z.string().optional() });
const forms = z.object({ one: z.string(), few: z.string(), many: z.string() });

const labels = z
  .object({ singular: z.string(), plural: z.string(), count: forms.optional(), accusative: forms.optional() })
  .meta({ id: 'EntityLabels' }) satisfies z.ZodType<EntityLabels>;

const routes = z.object({ list: z.string(), create: z.string(), edit: z.string() }).nullable().meta({
  description: 'Obrazovky entity v administraci; null u entity jen pro API.',
}) satisfies z.ZodType<EntityRoutes | null>;

/** Any entity's record; the document names each entity's own fields on its own paths. */
export const storedRecord = z.looseObject({ id, version: z.number().int() });

/** `GET /api/cms/tables` (`EntityMeta[]`). */
export const tablesAnswer = dataOf(
  z.array(
    z.object({
      alias: z.string(),
      labels,
      fields: z.array(z.object({ name: z.string(), label: z.string(), kind })),
      routes,
      canWrite: z.boolean(),
      canCreate: z.boolean(),
    }),
  ) satisfies z.ZodType<EntityMeta[]>,
);

/** `GET /api/cms/datagrid/schema/{name}` (`DatagridSchema`). */
export const datagridSchemaAnswer = dataOf(
  z.object({
    name: z.string(),
    labels,
    columns: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        kind,
        sortable: z.boolean(),
        filter: z.enum(['text', 'enum', 'dateRange', 'numberRange', 'boolean', 'relation']).nullable(),
        options: z.array(option).optional(),
        relationAlias: z.string().optional(),
        emptyFilter: z.boolean().optional(),
        defaultVisible: z.boolean(),
        width: z.number(),
        priority: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      }),
    ),
    defaultSort: z.object({ column: z.string(), direction: z.enum(['asc', 'desc']) }),
    pageSizes: z.array(count),
    defaultPageSize: count,
    maxPageSize: count,
    searchable: z.boolean(),
    filters: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        options: z.array(option),
        relationAlias: z.string().optional(),
        elsewhere: z
          .array(z.object({ label: z.string(), alias: z.string(), filter: z.string(), value: z.string() }))
          .optional(),
      }),
    ),
    rowActions: z.array(z.enum(['edit', 'delete'])),
    canCreate: z.boolean(),
    canDelete: z.boolean(),
    routes,
    nameFields: z.array(z.string()),
  }) satisfies z.ZodType<DatagridSchema>,
);

const constraints = z.object({
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  patternMessage: z.string().optional(),
  unique: z.boolean().optional(),
  requiredMessage: z.string().optional(),
  notInFuture: z.boolean().optional(),
  notBefore: z.string().optional(),
  notAfter: z.string().optional(),
  birthNumberOf: z
    .object({
      birthDate: z.string().optional(),
      sex: z.object({ field: z.string(), female: z.string() }).optional(),
    })
    .optional(),
}) satisfies z.ZodType<FieldConstraints>;

/** `GET /api/cms/form/{alias}/schema` (`FormSchema`). */
export const formSchemaAnswer = dataOf(
  z.object({
    alias: z.string(),
    labels,
    fields: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        kind,
        required: z.boolean(),
        constraints,
        options: z.array(option).optional(),
        relationAlias: z.string().optional(),
        pickerField: z.string().optional(),
        uploadNamespace: z.string().optional(),
        readOnly: z.boolean().optional(),
        help: z.string().optional(),
        placeholder: z.string().optional(),
        section: z.string().optional(),
        span: z.number().int().optional(),
        defaultValue: z.unknown().optional(),
      }),
    ),
    sections: z.array(z.object({ key: z.string(), label: z.string() })),
    routes,
    canWrite: z.boolean(),
    canCreate: z.boolean(),
    canDelete: z.boolean(),
    nameFields: z.array(z.string()),
    labelFields: z.array(z.string()),
    actions: z.array(z.object({ name: z.string(), label: z.string(), path: z.string() })).optional(),
  }) satisfies z.ZodType<FormSchema>,
);

/** A page of any entity's rows (`DatagridPage`). */
export const rowsAnswer = dataOf(
  z.object({
    items: z.array(storedRecord),
    total: count,
    totalApproximate: z.boolean(),
    page: count,
    limit: count,
  }),
);

/** Choices of a column filter or a relation picker (`AutocompleteOption[]`). */
export const optionsAnswer = dataOf(
  z.array(
    z.object({
      value: z.union([z.string(), z.number()]),
      label: z.string(),
      detail: z.string().optional(),
    }),
  ) satisfies z.ZodType<AutocompleteOption[]>,
);

/**
 * A column filter's choices: a relation's or an enum's options (with an option's description where it
 * has one), else the column's distinct stored values (`value` as stored, `label` its text).
 */
export const columnOptionsAnswer = dataOf(
  z.array(
    z.object({
      value: z.union([z.string(), z.number(), z.boolean()]),
      label: z.string(),
      detail: z.string().optional(),
      /** An enum option's own explanation (a reminder kind's). */
      description: z.string().optional(),
    }),
  ),
);

/** `GET /api/cms/search` (`RecordSearchHit[]`). */
export const searchAnswer = dataOf(
  z.array(
    z.object({
      alias: z.string(),
      entity: z.string(),
      id,
      label: z.string(),
      detail: z.string().optional(),
    }),
  ) satisfies z.ZodType<RecordSearchHit[]>,
);

const person = z.object({ id, name: z.string() }).nullable();

/** `GET /api/cms/history/{alias}/{id}` (`HistoryEntry[]`). */
export const historyAnswer = dataOf(
  z.array(
    z.object({
      id,
      action: z.enum(['create', 'update', 'delete', 'action']),
      actionName: z.string().nullable(),
      at: z.string(),
      user: person,
      changes: z.array(
        z.object({
          field: z.string(),
          label: z.string(),
          from: z.unknown(),
          to: z.unknown(),
          fromText: z.string(),
          toText: z.string(),
        }),
      ),
    }),
  ) satisfies z.ZodType<HistoryEntry[]>,
);

/** How many records went to the trash (or out of it for good). */
export const deletedAnswer = dataOf(z.object({ deleted: count }));

/** `GET /api/cms/trash` (`TrashPage`). */
export const trashPageAnswer = dataOf(
  z.object({
    items: z.array(
      z.object({
        id,
        entity: z.string(),
        entityLabel: z.string(),
        entityAccusative: z.string(),
        recordId: id,
        label: z.string(),
        deletedAt: z.string(),
        deletedBy: person,
        canRestore: z.boolean(),
      }),
    ),
    total: count,
    page: count,
    limit: count,
    retentionDays: count,
  }) satisfies z.ZodType<TrashPage>,
);

/** `POST /api/cms/trash/{id}/restore` (`TrashRestoreResult`). */
export const restoredAnswer = dataOf(
  z.object({ entity: z.string(), recordId: id, relinked: count }) satisfies z.ZodType<TrashRestoreResult>,
);

/** `POST /api/cms/import/{alias}/preview` (`ImportPreview`). */
export const importPreviewAnswer = dataOf(
  z.object({
    format: z.string(),
    rowCount: count,
    columns: z.array(z.object({ header: z.string(), samples: z.array(z.string()) })),
    fields: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        kind: z.string(),
        required: z.boolean(),
        unique: z.boolean(),
      }),
    ),
    guessed: z.record(z.string(), z.string().nullable()),
  }) satisfies z.ZodType<ImportPreview>,
);

/** An import or its dry run (`ImportReport`). */
export const importReportAnswer = dataOf(
  z.object({
    dryRun: z.boolean(),
    rows: z.array(z.object({ row: count, label: z.string(), action: z.enum(['create', 'update', 'error']) })),
    created: count,
    updated: count,
    errors: z.array(z.object({ row: count, column: z.string().nullable(), message: z.string() })),
  }) satisfies z.ZodType<ImportReport>,
);
