let locks = 0;
let saved: { overflow: string; paddingRight: string } | null = null;

/** Locks page scroll until the returned function is called; nested locks are counted. */
export function lockPageScroll(body: HTMLElement = document.body): () => void {
  if (locks === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the layout from jumping when the scrollbar disappears.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = 'hidden';
    body.setAttribute('data-scroll-locked', 'true');
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      body.style.overflow = saved?.overflow ?? '';
      body.style.paddingRight = saved?.paddingRight ?? '';
      body.removeAttribute('data-scroll-locked');
      saved = null;
    }
  };
}
