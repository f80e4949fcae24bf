import { describe, expect, it, vi } from 'vitest';
import { preloadOnIntent } from './preload-on-intent.ts';

describe('preloadOnIntent', () => {
  it('preloads once, at the first pointer, touch or focus, and never after stopping', () => {
    const target = new EventTarget();
    const preload = vi.fn();
    preloadOnIntent(preload, target);
    expect(preload).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('focusin'));
    target.dispatchEvent(new Event('pointerover'));
    expect(preload).toHaveBeenCalledTimes(1);

    const stopped = vi.fn();
    const stop = preloadOnIntent(stopped, target);
    stop();
    target.dispatchEvent(new Event('touchstart'));
    expect(stopped).not.toHaveBeenCalled();
  });
});
