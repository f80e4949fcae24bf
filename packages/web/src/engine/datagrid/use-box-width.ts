import { useLayoutEffect, useState } from 'react';

/**
 * The inner width of an element in CSS pixels, measured before the browser paints and kept up to
 * date as it resizes; 0 until measured (and where nothing is laid out, as in jsdom). Attach `ref`.
 */
export function useBoxWidth(): { ref: (element: HTMLElement | null) => void; width: number } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
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
