import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import useSWR, { type Cache, SWRConfig, unstable_serialize } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPrefetched, prefetch, takePrefetched, usePrefetchedInCache } from './prefetch-store.ts';

afterEach(() => clearPrefetched());

function withCache(cache: Cache) {
  return ({ children }: { children: ReactNode }) =>
    createElement(SWRConfig, { value: { provider: () => cache } }, children);
}

describe('prefetch store', () => {
  it('hands an answer over to the first fetch, once', async () => {
    const asked = prefetch('/api/cms/user', () => Promise.resolve({ user: 'jana@klub.cz' }));
    await asked;
    expect(await takePrefetched('/api/cms/user')).toEqual({ user: 'jana@klub.cz' });
    expect(takePrefetched('/api/cms/user')).toBeUndefined();
  });

  it('puts an answer that has come into the cache before the first render, which then needs no fetch', async () => {
    await prefetch('/api/cms/user', () => Promise.resolve({ user: 'jana@klub.cz' }));
    const cache: Cache = new Map();
    let fetches = 0;
    const { result } = renderHook(
      () => {
        const filled = usePrefetchedInCache('/api/cms/user', (answer: { user: string }) => answer.user);
        const { data } = useSWR('/api/cms/user', () => ++fetches, { revalidateIfStale: false });
        return { filled, data };
      },
      { wrapper: withCache(cache) },
    );
    expect(result.current).toEqual({ filled: true, data: 'jana@klub.cz' });
    expect(cache.get(unstable_serialize('/api/cms/user'))?.data).toBe('jana@klub.cz');
    expect(fetches).toBe(0);
    // Handed over once: a later fetch of the key asks the server.
    expect(takePrefetched('/api/cms/user')).toBeUndefined();
  });

  it('leaves the cache alone while the answer has not come, and for a failed one', async () => {
    prefetch('/api/cms/user-config', () => new Promise(() => {}));
    const failed = prefetch(['/api/cms/datagrid/member', { page: 1 }], () =>
      Promise.reject(new Error('500')),
    );
    await expect(failed).rejects.toThrow('500');
    const cache: Cache = new Map();
    const { result } = renderHook(
      () => [
        usePrefetchedInCache('/api/cms/user-config'),
        usePrefetchedInCache(['/api/cms/datagrid/member', { page: 1 }]),
      ],
      { wrapper: withCache(cache) },
    );
    expect(result.current).toEqual([false, false]);
    expect(cache.get(unstable_serialize('/api/cms/user-config'))).toBeUndefined();
    expect(takePrefetched('/api/cms/user-config')).toBeInstanceOf(Promise);
  });
});
