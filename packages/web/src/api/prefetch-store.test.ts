import { afterEach, describe, expect, it } from 'vitest';
import { clearPrefetched, peekPrefetched, prefetch, takePrefetched } from './prefetch-store.ts';

afterEach(() => clearPrefetched());

describe('prefetch store', () => {
  it('shows an answer once it has come, without taking it over, and hands it over once', async () => {
    let answer: (value: { user: string }) => void = () => {};
    const asked = prefetch(
      '/api/cms/user',
      () => new Promise<{ user: string }>((resolve) => (answer = resolve)),
    );
    expect(peekPrefetched('/api/cms/user')).toBeUndefined();

    answer({ user: 'jana@klub.cz' });
    await asked;
    expect(peekPrefetched('/api/cms/user')).toEqual({ user: 'jana@klub.cz' });
    expect(peekPrefetched('/api/cms/user')).toEqual({ user: 'jana@klub.cz' });

    expect(await takePrefetched('/api/cms/user')).toEqual({ user: 'jana@klub.cz' });
    expect(peekPrefetched('/api/cms/user')).toBeUndefined();
    expect(takePrefetched('/api/cms/user')).toBeUndefined();
  });

  it('shows nothing for a failed answer', async () => {
    const failed = prefetch(['/api/cms/datagrid/member', { page: 1 }], () =>
      Promise.reject(new Error('500')),
    );
    await expect(failed).rejects.toThrow('500');
    expect(peekPrefetched(['/api/cms/datagrid/member', { page: 1 }])).toBeUndefined();
  });
});
