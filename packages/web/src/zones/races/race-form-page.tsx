import { findRoute } from '@klubovna/shared';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { RaceEntriesPanel } from './race-entries-panel.tsx';

/** The generic race form, with its entries and results under it once the race is saved. */
export function RaceFormPage() {
  return (
    <EntityFormPage
      alias="race"
      createTitle={findRoute('race.create')?.title ?? ''}
      editTitle={findRoute('race.edit')?.title ?? ''}
      related={(race) => <RaceEntriesPanel race={race} />}
    />
  );
}
