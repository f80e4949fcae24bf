import { type EntityRecord, type FormSchema, recordIdFromAddress } from '@klubovna/shared';
import { Alert, Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { AfterFirstPaint } from '../../ui/busy/after-first-paint.tsx';
import { useConfirmDelete } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link, useNavigate, useSearchParams } from '../../ui/routing/router.tsx';
import { deleteRecord, useFormSchema, useRecord } from '../engine-api.ts';
import { EntityForm } from '../form/entity-form.tsx';
import { type Prefill, useAddressPrefill } from '../form/prefill.ts';
import { recordName, recordObject } from '../labels.ts';
import { useDeleteRunner } from '../use-delete-runner.ts';
import { FormActionButtons } from './form-action-buttons.tsx';
import { FormSkeleton, formHeading } from './form-skeleton.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { PageHeader } from './page-header.tsx';

export interface EntityFormPageProps {
  alias: string;
  /** Heading of the create screen, e.g. `Nový člen`. */
  createTitle: string;
  /** Heading of the edit screen, e.g. `Úprava člena`. */
  editTitle: string;
  /** What a zone shows under the form of a saved record (its participants, races…); default nothing. */
  related?: (record: EntityRecord, page: RelatedPage) => ReactNode;
}

/** What the panels under a form may ask of its page. */
export interface RelatedPage {
  /** The record was changed on the server by a panel's own call: the form and history take it over. */
  replace: (saved: EntityRecord) => void;
}

/** The create screen (no `id`) and the edit screen (`?id=…`) of an entity. */
export function EntityFormPage({ alias, createTitle, editTitle, related }: EntityFormPageProps) {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = recordIdFromAddress(params);
  const { data: schema } = useFormSchema(alias);
  const { data: record, error } = useRecord(alias, id);
  const { prefill, ready } = useAddressPrefill(schema, params, rawId === null);
  // The form's first render (a few dozen inputs) is the screen's longest work: as a deferred value it
  // renders in a transition, which React splits into short slices instead of one long task.
  const loaded = useDeferredValue(Boolean(schema && (id === undefined || record) && ready), false);

  if (rawId !== null && id === undefined)
    return <MissingRecord title={editTitle} message="Adresa neobsahuje platné číslo záznamu." />;
  if (id !== undefined && error) {
    return (
      <MissingRecord
        title={editTitle}
        message="Záznam se nepodařilo načíst: neexistuje, byl smazán, nebo k němu nemáte přístup."
        listPath={schema?.routes?.list}
      />
    );
  }
  if (!schema || (id !== undefined && !record) || !ready || !loaded) {
    // The heading as the form will have it shows as soon as the answers are in, while the form itself
    // still renders.
    return (
      <FormSkeleton title={id === undefined ? createTitle : editTitle} schema={schema} record={record} />
    );
  }
  if (id === undefined && !schema.canCreate)
    return (
      <MissingRecord
        title={createTitle}
        heading="Nový záznam založit nemůžete"
        message="Takový záznam zakládá kancelář klubu. Požádejte ji o něj."
        listPath={schema.routes?.list}
      />
    );
  return (
    <LoadedFormPage
      key={`${alias}-${id ?? 'new'}`}
      schema={schema}
      record={record}
      prefill={prefill}
      title={id === undefined ? createTitle : editTitle}
      related={related}
    />
  );
}

function LoadedFormPage({
  schema,
  record,
  prefill,
  title,
  related,
}: {
  schema: FormSchema;
  record?: EntityRecord;
  prefill?: Prefill;
  title: string;
  related?: EntityFormPageProps['related'];
}) {
  const navigate = useNavigate();
  const flash = useFlash();
  const runDelete = useDeleteRunner();
  const confirmDelete = useConfirmDelete();
  // Form pages are routed only for entities with screens.
  const routes = schema.routes!;
  const listPath = routerPath(routes.list);
  // The related panels and the history follow the record as last saved (a new capacity may change
  // what they show); a field put back from the history is saved on the server and the form takes
  // that record over.
  const [latest, setLatest] = useState(record);
  const [restored, setRestored] = useState<EntityRecord | undefined>(undefined);
  const name = latest ? recordName(schema, latest) : '';
  const replace = (saved: EntityRecord) => {
    setLatest(saved);
    setRestored(saved);
  };

  const remove = async () => {
    if (!record) return;
    await runDelete(() => deleteRecord(schema.alias, record.id));
    flash.show({ message: `Smazáno: ${name}` });
    void navigate(listPath, { replace: true });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={formHeading(title, schema, record && latest)}
        back={{ label: schema.labels.plural, to: listPath }}
      />
      <EntityForm
        schema={schema}
        record={record}
        prefill={prefill}
        replacedBy={restored}
        onSaved={(saved, created) => {
          setLatest(saved);
          if (created) void navigate(routerPath(`${routes.edit}?id=${saved.id}`), { replace: true });
        }}
        actions={
          <>
            <Button
              component={Link}
              to={listPath}
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              Zpět na seznam
            </Button>
            {latest && schema.actions && <FormActionButtons actions={schema.actions} record={latest} />}
            {record && schema.canDelete && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => latest && void confirmDelete(recordObject(schema, latest), remove)}
              >
                Smazat
              </Button>
            )}
          </>
        }
      />
      {latest && (
        <AfterFirstPaint reserve={related ? 480 : 56}>
          <Stack gap="lg">
            {related?.(latest, { replace })}
            <HistoryPanel schema={schema} record={latest} version={latest.version} onRestored={replace} />
          </Stack>
        </AfterFirstPaint>
      )}
    </Stack>
  );
}

function MissingRecord({
  title,
  heading = 'Záznam nenalezen',
  message,
  listPath,
}: {
  title: string;
  heading?: string;
  message: string;
  listPath?: string;
}) {
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
      <Alert color="gray" title={heading}>
        {message}
      </Alert>
      {listPath && (
        <Button component={Link} to={routerPath(listPath)} variant="default" w="fit-content">
          Zpět na seznam
        </Button>
      )}
    </Stack>
  );
}
