import { recordIdFromAddress } from '@klubovna/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { afterNextPaint } from '../../ui/busy/after-first-paint.tsx';
import { useSearchParams } from '../../ui/routing/router.tsx';
import { useFormSchema, useRecord } from '../engine-api.ts';
import { cachedEntityScreen, type ScreenTitles } from './entity-screen.tsx';
import { FormSkeleton } from './form-skeleton.tsx';

/**
 * A form screen (`load` gives its page) that shows its heading before the form's code has come: a
 * small chunk with the shell's code, it paints the heading from the schema and the record the screen
 * asked for at once (FormSkeleton, as the form's page shows it until its form renders), and only then
 * asks for the form's code, which on a phone's link takes longer than the heading's answers (the page
 * of the address names only the shell's and the frame's code, see sourcesOfScreen). One component per
 * entity, as the generic screens are, so that saving a new record and moving to its edit address keeps
 * the form mounted.
 */
export function framedForm(
  alias: string,
  routeName: string,
  load: () => Promise<ComponentType>,
): ComponentType {
  return cachedEntityScreen(alias, routeName, 'framed form', (titles) => {
    const Page = lazy(() =>
      afterNextPaint()
        .then(load)
        .then((Component) => ({ default: Component })),
    );
    return () => <FramedForm alias={alias} titles={titles} Page={Page} />;
  });
}

function FramedForm({ alias, titles, Page }: { alias: string; titles: ScreenTitles; Page: ComponentType }) {
  return (
    <Suspense fallback={<PendingForm alias={alias} titles={titles} />}>
      <Page />
    </Suspense>
  );
}

function PendingForm({ alias, titles }: { alias: string; titles: ScreenTitles }) {
  const [params] = useSearchParams();
  const id = recordIdFromAddress(params);
  const { data: schema } = useFormSchema(alias);
  const { data: record } = useRecord(alias, id);
  return (
    <FormSkeleton title={id === undefined ? titles.create : titles.edit} schema={schema} record={record} />
  );
}
