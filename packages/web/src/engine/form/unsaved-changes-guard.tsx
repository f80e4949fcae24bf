import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation and closing the tab alike.
 * `isDirty` is read at the moment of leaving, so a navigation right after a save is never held up.
 * A component of its own, not a hook of the form: the router's blocker registers itself with a state
 * update after mount, which would otherwise render the whole form a second time as it first appears.
 */
export function UnsavedChangesGuard({ isDirty }: { isDirty: () => boolean }): null {
  const confirm = useConfirm();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
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
