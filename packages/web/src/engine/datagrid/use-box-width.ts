import { type RefCallback, startTransition, useCallback, useState } from 'react';

/**
 * The inner width of an element in CSS pixels, measured in the frame after it is inserted and kept up
 * to date as it resizes; null until measured, 0 where nothing is laid out (as in jsdom). Attach `ref`.
 * Measured in the commit, the width cost a layout of the whole page inside the commit's task (and the
 * frame laid it out again); in the frame's animation callback it is the layout the frame does anyway.
 * What follows the width renders in a transition, in short slices.
 */
export function useBoxWidth(): { ref: RefCallback<HTMLElement>; width: number | null } {
  const [width, setWidth] = useState<number | null>(null);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const measure = () => {
      const measured = element.clientWidth;
      startTransition(() => setWidth(measured));
    };
    const frame = requestAnimationFrame(measure);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
  return { ref, width };
}
