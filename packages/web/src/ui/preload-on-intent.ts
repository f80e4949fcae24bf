const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Calls `preload` once, the first time the user points at, touches or focuses anything in the page:
 * code the next screen needs is fetched when someone is there to go on, not while this screen is
 * still being drawn (where its parsing would hold up the first paint and the first input).
 * Returns a function that stops waiting.
 */
export function preloadOnIntent(preload: () => void, target: EventTarget = document): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, once, true);
  };
  const once = () => {
    stop();
    preload();
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, once, { capture: true, passive: true });
  return stop;
}
