import { type RefCallback, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * The inner width of an element in CSS pixels, measured in the first frame after it is inserted (before
 * that frame paints) and kept up to date as it resizes; null until measured, 0 where nothing is laid
 * out (as in jsdom). Attach `ref`. Measured in the commit, the width cost a layout of the whole page
 * inside the commit's task (and the frame laid it out again); in the frame's animation callback it is
 * the layout the frame does anyway.
 */
export function useBoxWidth(): { ref: RefCallback<HTMLElement>; width: number | null } {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    // The first width is rendered at once, so what it shows or hides (the list's note of hidden
    // columns) is in the frame's paint and moves nothing after it; later ones as usual.
    const frame = requestAnimationFrame(() => flushSync(measure));
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return { ref, width };
}
