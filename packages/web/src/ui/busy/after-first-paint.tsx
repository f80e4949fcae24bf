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

/**
 * Resolves once the browser has shown what was committed before the call, so that code asked for then
 * (and its styles) neither holds that paint back nor shares the link with what it needed: after the
 * page's first contentful paint when it has not come yet (on a cold load the screen shows a frame
 * some time after the main thread has drawn it), then after the next frame.
 */
export function afterNextPaint(): Promise<void> {
  return firstContentfulPaint().then(
    () => new Promise((resolve) => requestAnimationFrame(() => window.setTimeout(resolve, 0))),
  );
}

/** How long the first contentful paint is waited for at most. */
const FIRST_PAINT_WAIT_MS = 1000;

function firstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    typeof PerformanceObserver !== 'function' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  )
    return Promise.resolve();
  if (painted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      window.clearTimeout(timeout);
      resolve();
    };
    const observer = new PerformanceObserver(() => painted() && done());
    observer.observe({ type: 'paint' });
    const timeout = window.setTimeout(done, FIRST_PAINT_WAIT_MS);
  });
}
