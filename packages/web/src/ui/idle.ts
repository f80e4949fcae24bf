/** Runs `callback` when the browser next has nothing to do (soon after, where it cannot tell). */
export function whenIdle(callback: () => void): void {
  if (window.requestIdleCallback) window.requestIdleCallback(callback);
  else window.setTimeout(callback, 300);
}
