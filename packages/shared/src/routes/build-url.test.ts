import { describe, expect, it } from 'vitest';
import { buildUrl, createRouter, matchRoute, RouteBuildError } from './build-url.ts';
import { findRoute, ROUTES, type RouteDefinition } from './route-table.ts';

const table: RouteDefinition[] = [
  { name: 'article', path: '/clanky/[slug]', title: 'Článek', zone: 'public', active: true },
  { name: 'docs', path: '/docs/[...path]', title: 'Dokumentace', zone: 'public', active: true },
  { name: 'gallery', path: '/galerie/[[...path]]', title: 'Galerie', zone: 'public', active: true },
  { name: 'root', path: '/[[...path]]', title: 'Kořen', zone: 'public', active: true },
  { name: 'draft', path: '/koncept', title: 'Koncept', zone: 'public', active: false },
];
const router = createRouter(table);

function failure(build: () => unknown): string | undefined {
  try {
    build();
  } catch (error) {
    if (error instanceof RouteBuildError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('buildUrl', () => {
  it('fills bracketed parameters, encoding Czech characters and slashes', () => {
    expect(router.buildUrl('article', { slug: 'závod v Brně/2026' })).toBe(
      '/clanky/z%C3%A1vod%20v%20Brn%C4%9B%2F2026',
    );
  });

  it('joins a catch-all array with slashes, each segment encoded', () => {
    expect(router.buildUrl('docs', { path: ['návody', 'a b'] })).toBe('/docs/n%C3%A1vody/a%20b');
    expect(router.buildUrl('docs', { path: 'jeden' })).toBe('/docs/jeden');
  });

  it('drops an absent or empty optional catch-all without a trailing slash', () => {
    expect(router.buildUrl('gallery')).toBe('/galerie');
    expect(router.buildUrl('gallery', { path: [] })).toBe('/galerie');
    expect(router.buildUrl('gallery', { path: ['2026', 'léto'] })).toBe('/galerie/2026/l%C3%A9to');
    expect(router.buildUrl('root')).toBe('/');
  });

  it('turns leftover values into a query string, skipping nulls and repeating keys for arrays', () => {
    expect(
      router.buildUrl('article', {
        slug: 'a',
        page: 2,
        tag: ['běh', 'kolo'],
        empty: null,
        none: undefined,
        on: true,
      }),
    ).toBe('/clanky/a?page=2&tag=b%C4%9Bh&tag=kolo&on=true');
  });

  it('prefixes a base URL without doubling slashes', () => {
    expect(buildUrl('cms.renewPassword', { token: 'abc' }, { base: 'https://klub.cz/' })).toBe(
      'https://klub.cz/admin/renew-password/abc',
    );
  });

  it('fails for an unknown name, an inactive route, an empty catch-all and a missing parameter', () => {
    expect(failure(() => router.buildUrl('nope'))).toBe('UNKNOWN_ROUTE');
    expect(failure(() => router.buildUrl('draft'))).toBe('INACTIVE_ROUTE');
    expect(failure(() => router.buildUrl('docs', { path: [] }))).toBe('EMPTY_CATCH_ALL');
    expect(failure(() => router.buildUrl('docs'))).toBe('MISSING_PARAM');
    expect(failure(() => router.buildUrl('article'))).toBe('MISSING_PARAM');
  });

  it('refuses to link screens that are not built yet', () => {
    expect(failure(() => buildUrl('members.bulkPairing'))).toBe('INACTIVE_ROUTE');
  });
});

describe('matchRoute', () => {
  it('finds active routes of the real table with their parameters', () => {
    expect(matchRoute('/admin/login')?.route.name).toBe('cms.login');
    expect(matchRoute('/admin/renew-password/x%20y')?.params).toEqual({ token: 'x y' });
    expect(matchRoute('/admin/neexistuje')).toBeNull();
  });

  it('matches catch-all segments as arrays', () => {
    expect(router.matchRoute('/docs/a/b')?.params).toEqual({ path: ['a', 'b'] });
    expect(router.matchRoute('/galerie')?.route.name).toBe('gallery');
  });
});

describe('route table', () => {
  it('holds every route of the specification once', () => {
    const names = ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/admin/clenove/hromadne-parovani',
      '/admin/obsah/clanek/edit',
      '/admin/web/sponzori/create',
    ]) {
      expect(paths).toContain(path);
    }
    expect(findRoute('articles.create')?.path).toBe('/admin/obsah/clanek/create');
  });
});
