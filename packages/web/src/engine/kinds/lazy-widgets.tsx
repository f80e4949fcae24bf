import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { WidgetProps } from './kind.types.ts';

/*
 * Widgets whose code few forms need (a colour picker, a date-and-time picker) are chunks of their own,
 * loaded when a form shows such a field, so that the forms' shared chunk stays light. A skeleton of an
 * input with its label stands in meanwhile.
 */
const ColorInputWidget = lazy(() => import('./color/color.widget.tsx'));
const DateTimeInputWidget = lazy(() => import('./date/date-time.widget.tsx'));
const INPUT_SKELETON = <Skeleton h={59} radius="sm" />;

export function LazyColorWidget(props: WidgetProps<unknown>) {
  return (
    <Suspense fallback={INPUT_SKELETON}>
      <ColorInputWidget {...props} />
    </Suspense>
  );
}

export function LazyDateTimeWidget(props: WidgetProps<unknown>) {
  return (
    <Suspense fallback={INPUT_SKELETON}>
      <DateTimeInputWidget {...props} />
    </Suspense>
  );
}
