import type { EntityRecord, FieldSchema, FormSchema, RecordLabels } from '@klubovna/shared';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useErrorHandler } from '../../api/api-provider.tsx';
import { fieldErrors } from '../../api/describe-error.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { useModal } from '../../ui/modal/modal-provider.tsx';
import { saveConflict, saveRecord } from '../engine-api.ts';
import { FIELD_KIND_WIDGETS } from '../kinds/widget-registry.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import classes from './entity-form.module.css';
import { loadValidation, validateIfLoaded, validationLoaded } from './form-validation.ts';
import { type FormValues, formValuesOf, writableValues } from './form-values.ts';
import type { Prefill } from './prefill.ts';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

export interface EntityFormProps {
  schema: FormSchema;
  /** The stored record; none for a new one. */
  record?: EntityRecord;
  /** After a successful save (create or update), with the stored record. */
  onSaved: (record: EntityRecord, created: boolean) => void;
  /** Extra buttons beside Save (e.g. back to the list, delete). */
  actions?: ReactNode;
  /** A newer stored record saved elsewhere (a value put back from the history): the form takes it over. */
  replacedBy?: EntityRecord;
  /** What a new record starts with besides the declared defaults (from the screen's address). */
  prefill?: Prefill;
}

const SAVED_MESSAGE = 'Uloženo';

/** A form rendered from the form schema: one widget per field kind, sections, the server's rules. */
export function EntityForm({ schema, record, onSaved, actions, replacedBy, prefill }: EntityFormProps) {
  const flash = useFlash();
  const modal = useModal();
  const handleError = useErrorHandler();
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState<EntityRecord | undefined>(record);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { ...formValuesOf(schema, record), ...(record ? {} : prefill?.values) },
    validate: (values) => validateIfLoaded(schema, values),
    validateInputOnBlur: true,
  });
  const skipGuard = useRef(false);
  useHotkeys([['mod+S', () => formRef.current?.requestSubmit()]], [], true);
  // The rules load when the form is first touched, not as it appears: evaluating them was one of a
  // phone's long tasks while the form loaded. A field left before they came is checked once they are in.
  const leftEarly = useRef(new Set<string>());
  const askForRules = () => {
    if (validationLoaded()) return;
    loadValidation().then(
      () => {
        for (const name of leftEarly.current) form.validateField(name);
        leftEarly.current.clear();
      },
      () => undefined,
    );
  };
  const onFieldBlur = (name: string, blur?: () => void) => () => {
    if (!validationLoaded()) leftEarly.current.add(name);
    blur?.();
  };

  const adopt = (stored: EntityRecord) => {
    const values = formValuesOf(schema, stored);
    setSaved(stored);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new replacing record is taken over
  useEffect(() => {
    if (replacedBy) adopt(replacedBy);
  }, [replacedBy]);

  const save = async (values: FormValues, version = saved?.version) => {
    try {
      const body = { ...writableValues(schema, values), ...(saved ? { version } : {}) };
      const stored = await saveRecord(schema.alias, body, saved?.id);
      adopt(stored);
      flash.show({ id: `saved-${schema.alias}`, message: SAVED_MESSAGE });
      skipGuard.current = true;
      onSaved(stored, !saved);
      skipGuard.current = false;
    } catch (error) {
      const conflict = saveConflict(error);
      if (conflict && saved) return showConflict(values, conflict.current);
      const errors = fieldErrors(error);
      if (Object.keys(errors).length === 0) return handleError(error);
      form.setErrors(errors);
      focusField(formRef.current, Object.keys(errors)[0]);
      handleError(error);
    }
  };

  const showConflict = (mine: FormValues, current: EntityRecord) => {
    modal.open({
      title: 'Záznam mezitím změnil někdo jiný',
      variant: 'wide',
      disableBackdropClose: true,
      content: ({ close }) => (
        <ConflictDialog
          schema={schema}
          base={formValuesOf(schema, saved)}
          mine={mine}
          current={current}
          onCancel={close}
          onReload={() => {
            adopt(current);
            close();
          }}
          onOverwrite={async () => {
            close();
            await save(mine, current.version);
          }}
        />
      ),
    });
  };

  const onInvalid = (errors: Record<string, unknown>) => focusField(formRef.current, Object.keys(errors)[0]);
  const submit = form.onSubmit((values) => save(values), onInvalid);
  // The rules load after the form has painted: a save made before they came waits for them (and
  // without them, should they fail to load, the server's answer names the wrong fields).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void loadValidation()
      .catch(() => undefined)
      .then(() => submit(event));
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onFocus={askForRules} onPointerDown={askForRules}>
      <UnsavedChangesGuard isDirty={() => !skipGuard.current && form.isDirty()} />
      <Stack gap="lg">
        {schema.sections.map((section) => {
          const fields = schema.fields.filter((field) => field.section === section.key);
          if (fields.length === 0) return null;
          return (
            <Paper
              key={section.key}
              withBorder
              radius="md"
              p={{ base: 'md', sm: 'lg' }}
              component="section"
              className={classes.section}
            >
              {section.label && (
                <Title order={2} size="h4" mb="md">
                  {section.label}
                </Title>
              )}
              <Grid gap="md">
                {fields.map((field) => {
                  const input = form.getInputProps(field.name);
                  return (
                    <Grid.Col key={field.name} span={{ base: 12, sm: field.span ?? 6 }}>
                      <FieldWidget
                        field={field}
                        input={input}
                        onBlur={onFieldBlur(field.name, input.onBlur)}
                        onChange={(value) => form.setFieldValue(field.name, value)}
                        disabled={!schema.canWrite}
                        relationLabels={saved ? saved._labels : prefill?.labels}
                      />
                    </Grid.Col>
                  );
                })}
              </Grid>
            </Paper>
          );
        })}
        <div className={classes.actions}>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Group gap="sm">
              {schema.canWrite && (
                <BusyButton type="submit" busy={form.submitting} leftSection={<IconDeviceFloppy size={18} />}>
                  Uložit
                </BusyButton>
              )}
              {schema.canWrite && form.isDirty() && (
                <Button variant="subtle" onClick={() => form.reset()}>
                  Vrátit změny
                </Button>
              )}
              {schema.canWrite && (
                <Text size="xs" c="dimmed" visibleFrom="sm">
                  Ctrl+S uloží
                </Text>
              )}
            </Group>
            <Group gap="sm">{actions}</Group>
          </Group>
        </div>
      </Stack>
    </form>
  );
}

function FieldWidget({
  field,
  input,
  onChange,
  onBlur,
  disabled,
  relationLabels,
}: {
  field: FieldSchema;
  input: { value?: unknown; error?: ReactNode };
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  relationLabels?: RecordLabels;
}) {
  const Widget = FIELD_KIND_WIDGETS[field.kind];
  return (
    <Widget
      field={field}
      value={input.value as never}
      onChange={onChange as never}
      onBlur={onBlur}
      error={input.error}
      disabled={disabled}
      relationLabels={relationLabels}
    />
  );
}

/** Moves focus to the first field with an error, so keyboard users land where they must act. */
function focusField(form: HTMLFormElement | null, name: string | undefined) {
  if (!form || !name) return;
  const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]:not([type="hidden"])`);
  (input ?? form.querySelector<HTMLElement>('[aria-invalid="true"]'))?.focus();
}
