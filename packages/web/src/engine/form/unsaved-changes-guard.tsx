import { useEffect, useRef } from 'react';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useBlocker } from '../../ui/routing/router.tsx';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation and closing the tab alike.
 * `isDirty` is read at the moment of leaving, so a navigation right after a save is never held up.
 * A component of its own, not a hook of the form: a held navigation renders this component only, not
 * the whole form.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: () => boolean }): null {
  const confirm = useConfirm();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(
    (current, next) =>
      dirty.current() && (current.pathname !== next.pathname || current.search !== next.search),
  );

  useEffect(() => {
    if (!blocker.blocked) return;
    void confirm({
      title: 'Neuložené změny',
      message: 'Ve formuláři máte neuložené změny. Opravdu chcete odejít a změny zahodit?',
      confirmLabel: 'Odejít bez uložení',
      cancelLabel: 'Zůstat',
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return null;
}
