import { useLayoutEffect, useState } from 'react';

/**
 * The inner width of an element in CSS pixels, measured before the browser paints and kept up to
 * date as it resizes; null until measured, 0 where nothing is laid out (as in jsdom). Attach `ref`.
 */
export function useBoxWidth(): { ref: (element: HTMLElement | null) => void; width: number | null } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref: setElement, width };
}
