import { findRoute } from '@klubovna/shared';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { CampParticipantsPanel } from './camp-participants-panel.tsx';

/** The generic camp form, with its participants and waiting list under it once the camp is saved. */
export function CampFormPage() {
  return (
    <EntityFormPage
      alias="camp"
      createTitle={findRoute('camp.create')?.title ?? ''}
      editTitle={findRoute('camp.edit')?.title ?? ''}
      related={(camp) => <CampParticipantsPanel camp={camp} />}
    />
  );
}
