import { Skeleton } from '@mantine/core';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

interface AfterFirstPaintProps {
  children: ReactNode;
  /** The height the content is expected to take, held meanwhile so that nothing below it jumps. */
  reserve: number;
}

/**
 * Renders content below the fold (the panels under a form) once the screen above it has painted:
 * in the browser's next idle moment, or as soon as it is scrolled near, whichever comes first. The
 * render is a transition, which React splits into short slices, so the phone's main thread is never
 * held for long; a skeleton of the reserved height stands in meanwhile.
 */
export function AfterFirstPaint({ children, reserve }: AfterFirstPaintProps) {
  const [shown, setShown] = useState(false);
  const [placeholder, setPlaceholder] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    if (shown || !placeholder) return;
    const show = () => startTransition(() => setShown(true));
    const idle = whenIdle(show);
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && show(), {
            rootMargin: '400px 0px',
          })
        : undefined;
    observer?.observe(placeholder);
    return () => {
      idle.cancel();
      observer?.disconnect();
    };
  }, [shown, placeholder]);

  if (shown) return children;
  return <Skeleton ref={setPlaceholder} h={reserve} radius="md" aria-busy="true" />;
}

/** After the next paint, when the browser has nothing else to do (at most a second later). */
function whenIdle(run: () => void): { cancel: () => void } {
  let idleId: number | undefined;
  const frame = requestAnimationFrame(() => {
    const after = () => run();
    idleId =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(after, { timeout: 1000 })
        : window.setTimeout(after, 50);
  });
  return {
    cancel: () => {
      cancelAnimationFrame(frame);
      if (idleId === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
      else window.clearTimeout(idleId);
    },
  };
}
