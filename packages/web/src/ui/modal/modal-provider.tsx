import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ModalApi, ModalEntry, ModalOptions } from './modal.types.ts';

const ModalContext = createContext<ModalApi | null>(null);

// Mantine's Modal brings floating-ui and scroll-area code: loaded with the first modal, not the sign-in page.
const ModalHost = lazy(() => import('./modal-host.tsx').then((module) => ({ default: module.ModalHost })));

/** Closed modals are dropped after their exit transition, or after this at the latest. */
const REMOVE_AFTER_MS = 1000;

export function ModalProvider({ children }: { children: ReactNode }) {
  const [modals, setModals] = useState<ModalEntry[]>([]);
  const modalsRef = useRef(modals);
  modalsRef.current = modals;
  const counter = useRef(0);
  const timers = useRef(new Set<number>());

  const remove = useCallback((id: string) => {
    setModals((current) => current.filter((modal) => modal.id !== id || modal.opened));
  }, []);

  const close = useCallback(
    (id?: string) => {
      const target = id
        ? modalsRef.current.find((modal) => modal.id === id && modal.opened)
        : modalsRef.current.filter((modal) => modal.opened).at(-1);
      if (!target) return;
      const next = modalsRef.current.map((modal) => (modal === target ? { ...modal, opened: false } : modal));
      modalsRef.current = next;
      setModals(next);
      target.onClose?.();
      const timer = window.setTimeout(() => {
        timers.current.delete(timer);
        remove(target.id);
      }, REMOVE_AFTER_MS);
      timers.current.add(timer);
    },
    [remove],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ModalApi>(
    () => ({
      open: (options: ModalOptions) => {
        counter.current += 1;
        const id = options.id ?? `modal-${counter.current}`;
        const entry: ModalEntry = { ...options, id, variant: options.variant ?? 'default', opened: true };
        const exists = modalsRef.current.some((modal) => modal.id === id);
        const next = exists
          ? modalsRef.current.map((modal) => (modal.id === id ? entry : modal))
          : [...modalsRef.current, entry];
        modalsRef.current = next;
        setModals(next);
        return id;
      },
      close,
      closeAll: () => {
        for (const modal of [...modalsRef.current].reverse()) if (modal.opened) close(modal.id);
      },
    }),
    [close],
  );

  return (
    <ModalContext value={api}>
      {children}
      {modals.length > 0 && (
        <Suspense fallback={null}>
          <ModalHost modals={modals} onClose={close} onExited={remove} />
        </Suspense>
      )}
    </ModalContext>
  );
}

export function useModal(): ModalApi {
  const api = use(ModalContext);
  if (!api) throw new Error('useModal() must be used inside <ModalProvider> (part of <UiKitProvider>).');
  return api;
}
