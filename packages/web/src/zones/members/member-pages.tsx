import { findRoute } from '@klubovna/shared';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { EntityListPage } from '../../engine/pages/entity-list-page.tsx';

const title = (name: string) => findRoute(name)?.title ?? '';

export function MemberListPage() {
  return <EntityListPage alias="member" title={title('members.list')} />;
}

export function MemberCreatePage() {
  return (
    <EntityFormPage alias="member" createTitle={title('members.create')} editTitle={title('members.edit')} />
  );
}

/** Create and edit are one form; the `id` in the address tells them apart. */
export const MemberEditPage = MemberCreatePage;
