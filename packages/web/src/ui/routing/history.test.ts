import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, resolvePath } from './history.ts';

describe('resolvePath', () => {
  const here = { pathname: '/clenove/edit', search: '?id=5' };

  it('takes an absolute path as it is, with its query and hash', () => {
    expect(resolvePath('/treninky?tyden=2026-11-23#po', here)).toEqual({
      pathname: '/treninky',
      search: '?tyden=2026-11-23',
      hash: '#po',
    });
  });

  it('keeps the path for a query alone, and the path and query for a hash alone', () => {
    expect(resolvePath('?page=2', here)).toEqual({ pathname: '/clenove/edit', search: '?page=2', hash: '' });
    expect(resolvePath('#historie', here)).toEqual({
      pathname: '/clenove/edit',
      search: '?id=5',
      hash: '#historie',
    });
  });
});

describe('a history in memory', () => {
  it('starts at a path given with the basename and counts its entries', () => {
    const history = createMemoryHistory('/admin', '/admin/clenove?page=3');
    expect(history.location).toMatchObject({ pathname: '/clenove', search: '?page=3', index: 0 });
    history.push('/clenove/edit?id=5');
    expect(history.location).toMatchObject({ pathname: '/clenove/edit', search: '?id=5', index: 1 });
    history.replace('?id=6');
    expect(history.location).toMatchObject({ pathname: '/clenove/edit', search: '?id=6', index: 1 });
  });

  it('writes the browser address of a path with the basename, `/admin` for the root', () => {
    const history = createMemoryHistory('/admin', '/admin');
    expect(history.location.pathname).toBe('/');
    expect(history.createHref('/')).toBe('/admin');
    expect(history.createHref('/clenove?page=2')).toBe('/admin/clenove?page=2');
    expect(createMemoryHistory('', '/clenove').createHref('/')).toBe('/');
  });

  it('tells its listeners of Back after the call, as a browser does', async () => {
    const history = createMemoryHistory('/admin', '/admin/clenove');
    history.push('/skupiny');
    const heard: string[] = [];
    history.listen((action) => heard.push(`${action} ${history.location.pathname}`));
    history.go(-1);
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toEqual(['pop /clenove']);
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the address without the basename and marks each entry with its place', () => {
    window.history.replaceState(null, '', '/admin/clenove?page=2');
    const history = createBrowserHistory('/admin');
    expect(history.location).toMatchObject({ pathname: '/clenove', search: '?page=2', index: 0 });
    const heard: string[] = [];
    history.listen((action) => heard.push(action));
    history.push('/clenove/edit?id=5');
    expect(window.location.pathname + window.location.search).toBe('/admin/clenove/edit?id=5');
    expect(history.location).toMatchObject({ pathname: '/clenove/edit', index: 1 });
    history.replace('/');
    expect(window.location.pathname).toBe('/admin');
    expect(history.location).toMatchObject({ pathname: '/', index: 1 });
    expect(heard).toEqual(['push', 'replace']);
  });

  it('does not take an address outside the basename that only starts like it', () => {
    window.history.replaceState(null, '', '/administrace');
    expect(createBrowserHistory('/admin').location.pathname).toBe('/administrace');
  });
});
