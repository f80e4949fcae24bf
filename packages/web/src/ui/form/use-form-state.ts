import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import { describeError, fieldErrors } from '../../api/describe-error.ts';

type Values = Record<string, string>;
type Errors<T extends Values> = Partial<Record<keyof T & string, string>>;
type Rules<T extends Values> = Partial<Record<keyof T & string, (value: string, values: T) => string | null>>;

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface FormState<T extends Values> {
  values: T;
  errors: Errors<T>;
  /** Props for a Mantine input: value, change handler, error. */
  field: (name: keyof T & string) => FieldProps;
  setValues: (values: T) => void;
  setFieldValue: (name: keyof T & string, value: string) => void;
  /** Merges errors, e.g. the server's validation messages. */
  setErrors: (errors: Partial<Record<string, string>>) => void;
  /**
   * What the last attempt failed with, shown above the form; null without one. It goes as soon as the
   * person edits a field: it describes what was sent, no longer what is typed.
   */
  failure: string | null;
  setFailure: (failure: string | null) => void;
  /** Shows a failed attempt: the server's field messages at their fields, its message as the failure. */
  reportFailure: (error: unknown) => void;
  /** Validates, focuses the first invalid field, and calls `handler` only with valid values. */
  onSubmit: (handler: (values: T) => unknown) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A deliberately small form-state hook for the sign-in screens (which must stay light); data forms
 * use the engine's EntityForm.
 */
export function useFormState<T extends Values>({
  initialValues,
  validate = {},
}: {
  initialValues: T;
  validate?: Rules<T>;
}): FormState<T> {
  const [values, setValuesState] = useState<T>(initialValues);
  const [errors, setErrorsState] = useState<Errors<T>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef(values);
  current.current = values;
  const rules = useRef(validate);
  rules.current = validate;

  const setFieldValue = useCallback((name: keyof T & string, value: string) => {
    setValuesState((previous) => ({ ...previous, [name]: value }));
    setErrorsState((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
  }, []);

  const field = (name: keyof T & string): FieldProps => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onChange: (event) => {
      setFieldValue(name, event.currentTarget.value);
      setFailure(null);
    },
  });

  const onSubmit =
    (handler: (values: T) => unknown) =>
    (event: FormEvent<HTMLFormElement>): void => {
      event.preventDefault();
      const form = event.currentTarget;
      const found: Errors<T> = {};
      for (const [name, rule] of Object.entries(rules.current) as [
        keyof T & string,
        Rules<T>[keyof T & string],
      ][]) {
        const message = rule?.(current.current[name] ?? '', current.current);
        if (message) found[name] = message;
      }
      setErrorsState(found);
      const firstInvalid = Object.keys(found)[0];
      if (firstInvalid) {
        form.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }
      void handler(current.current);
    };

  return {
    values,
    errors,
    field,
    setValues: (next) => {
      setValuesState(next);
      setErrorsState({});
    },
    setFieldValue,
    setErrors: (next) => setErrorsState((previous) => ({ ...previous, ...next })),
    failure,
    setFailure,
    reportFailure: (error) => {
      setErrorsState((previous) => ({ ...previous, ...fieldErrors(error) }));
      setFailure(describeError(error));
    },
    onSubmit,
  };
}
