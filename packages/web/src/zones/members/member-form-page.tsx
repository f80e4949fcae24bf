import { findRoute, isOffice } from '@klubovna/shared';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { RelatedRecordsPanel } from '../../engine/related/related-records-panel.tsx';
import { MemberPersonalDataPanel } from './member-personal-data-panel.tsx';
import { MemberProfilesPanel } from './member-profiles-panel.tsx';
import { MemberRacesPanel } from './member-races-panel.tsx';

/**
 * The generic member form, with the member's guardians, consents, sign-in profiles and races under it,
 * and for the office the member's personal data (a download, the anonymisation of a former member).
 */
export function MemberFormPage() {
  const { roles } = useCurrentUser();
  return (
    <EntityFormPage
      alias="member"
      createTitle={findRoute('member.create')?.title ?? ''}
      editTitle={findRoute('member.edit')?.title ?? ''}
      related={(member, page) => (
        <>
          <RelatedRecordsPanel
            alias="guardian"
            field="member"
            owner={member}
            title="Zákonní zástupci"
            empty="Člen nemá zapsaného žádného zákonného zástupce."
            addLabel="Přidat zákonného zástupce"
          />
          <RelatedRecordsPanel
            alias="consent"
            field="member"
            owner={member}
            title="Souhlasy"
            empty="Člen zatím nedal žádný souhlas."
            addLabel="Přidat souhlas"
          />
          <MemberProfilesPanel memberId={member.id} />
          <MemberRacesPanel memberId={member.id} />
          {isOffice(roles) && <MemberPersonalDataPanel member={member} page={page} />}
        </>
      )}
    />
  );
}
