import { findRoute } from '@klubovna/shared';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { MemberProfilesPanel } from './member-profiles-panel.tsx';
import { MemberRacesPanel } from './member-races-panel.tsx';

/** The generic member form, with the member's sign-in profiles and races under it. */
export function MemberFormPage() {
  return (
    <EntityFormPage
      alias="member"
      createTitle={findRoute('members.create')?.title ?? ''}
      editTitle={findRoute('members.edit')?.title ?? ''}
      related={(member) => (
        <>
          <MemberProfilesPanel memberId={member.id} />
          <MemberRacesPanel memberId={member.id} />
        </>
      )}
    />
  );
}
