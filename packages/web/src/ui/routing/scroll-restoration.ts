import { useEffect, useLayoutEffect } from 'react';
import { useRenderedRoute } from './router-context.ts';

const SCROLL_STORAGE_KEY = 'klubovna-scroll-positions';
const scrollPositions = new Map<string, number>();

export function saveScrollPosition(key: string): void {
  scrollPositions.set(key, window.scrollY);
}

/** What the person does that stops a restore under way: their own scrolling wins. */
const PERSON_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/** How long a page may take to grow tall enough for its kept position (its rows come after its code). */
const RESTORE_FRAMES = 60;

/**
 * Scrolls to `top` once the page is tall enough: in each frame for about a second, until the person
 * scrolls, clicks or types. Answers the stop (for the next location).
 */
function scrollWhenTallEnough(top: number): () => void {
  let frames = 0;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && frames++ < RESTORE_FRAMES)
      frame = requestAnimationFrame(attempt);
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of PERSON_EVENTS) window.removeEventListener(type, stop, true);
  };
  for (const type of PERSON_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  attempt();
  return stop;
}

/**
 * Back and Forward (and a reload) return to where the page was scrolled; a new page starts at its top,
 * or at the element its hash names.
 */
export function ScrollRestoration(): null {
  const { location, action } = useRenderedRoute();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    try {
      const stored: unknown = JSON.parse(window.sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}');
      for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
        if (typeof value === 'number' && !scrollPositions.has(key)) scrollPositions.set(key, value);
      }
    } catch {
      // nothing kept, or not readable: new pages start at the top
    }
    const keep = () => {
      saveScrollPosition(window.history.state?.key ?? 'default');
      try {
        window.sessionStorage.setItem(
          SCROLL_STORAGE_KEY,
          JSON.stringify(Object.fromEntries(scrollPositions)),
        );
      } catch {
        // a full or blocked storage: positions are kept for this page's life only
      }
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, []);
  useLayoutEffect(() => {
    const saved = action === 'pop' ? scrollPositions.get(location.key) : undefined;
    if (saved !== undefined) return scrollWhenTallEnough(saved);
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else if (action !== 'pop') window.scrollTo(0, 0);
  }, [location, action]);
  return null;
}
