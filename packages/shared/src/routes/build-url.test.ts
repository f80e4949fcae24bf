import { describe, expect, it } from 'vitest';
import { buildUrl, createRouter, matchRoute, RouteBuildError } from './build-url.ts';
import type { RouteDefinition } from './route-table.ts';

const table: RouteDefinition[] = [
  { name: 'article', path: '/clanky/[slug]', title: 'Článek', zone: 'public', active: true },
  { name: 'docs', path: '/docs/[...path]', title: 'Dokumentace', zone: 'public', active: true },
  { name: 'gallery', path: '/galerie/[[...path]]', title: 'Galerie', zone: 'public', active: true },
  { name: 'galleryIndex', path: '/galerie', title: 'Galerie – přehled', zone: 'public', active: true },
  { name: 'root', path: '/[[...path]]', title: 'Kořen', zone: 'public', active: true },
  { name: 'static', path: '/koncept/novy', title: 'Nový koncept', zone: 'public', active: true },
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
  it('fills a bracketed parameter, encoding Czech characters and slashes', () => {
    expect(router.buildUrl('article', { slug: 'závod v Brně/2026' })).toBe(
      '/clanky/z%C3%A1vod%20v%20Brn%C4%9B%2F2026',
    );
    expect(router.buildUrl('article', { slug: 42 })).toBe('/clanky/42');
  });

  it('joins a catch-all array with slashes, each segment encoded', () => {
    expect(router.buildUrl('docs', { path: ['návody', 'a b', 'c/d'] })).toBe('/docs/n%C3%A1vody/a%20b/c%2Fd');
    expect(router.buildUrl('docs', { path: 'jeden' })).toBe('/docs/jeden');
  });

  it('drops an absent or empty optional catch-all without a trailing slash', () => {
    expect(router.buildUrl('gallery')).toBe('/galerie');
    expect(router.buildUrl('gallery', { path: null })).toBe('/galerie');
    expect(router.buildUrl('gallery', { path: [] })).toBe('/galerie');
    expect(router.buildUrl('gallery', { path: ['2026', 'léto'] })).toBe('/galerie/2026/l%C3%A9to');
    expect(router.buildUrl('root')).toBe('/');
    expect(router.buildUrl('root', { path: ['a'] })).toBe('/a');
  });

  it('turns leftover values into a query string: nulls skipped, arrays as repeated keys', () => {
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
    expect(router.buildUrl('article', { slug: 'a', tag: [] })).toBe('/clanky/a');
  });

  it('encodes query values like URLSearchParams, with spaces as %20', () => {
    expect(router.buildUrl('root', { s: 'Novák Jan', op: 'a+b&c=d', q: "it's (ok)*" })).toBe(
      '/?s=Nov%C3%A1k%20Jan&op=a%2Bb%26c%3Dd&q=it%27s%20%28ok%29*',
    );
  });

  it('builds edit links with the id as a query parameter', () => {
    expect(router.buildUrl('static', { id: 7 })).toBe('/koncept/novy?id=7');
  });

  it('prefixes a base URL without doubling slashes', () => {
    expect(router.buildUrl('article', { slug: 'x' }, { base: 'https://klub.cz' })).toBe(
      'https://klub.cz/clanky/x',
    );
    expect(router.buildUrl('article', { slug: 'x' }, { base: 'https://klub.cz/' })).toBe(
      'https://klub.cz/clanky/x',
    );
    expect(router.buildUrl('root', {}, { base: 'https://klub.cz//' })).toBe('https://klub.cz/');
    expect(buildUrl('cms.renewPassword', { token: 'abc' }, { base: 'https://klub.cz/' })).toBe(
      'https://klub.cz/admin/renew-password/abc',
    );
  });

  it('fails for an unknown route name', () => {
    expect(failure(() => router.buildUrl('nope'))).toBe('UNKNOWN_ROUTE');
    expect(() => buildUrl('members.nope')).toThrow('Unknown route "members.nope".');
  });

  it('fails when the route is not active', () => {
    expect(failure(() => router.buildUrl('draft'))).toBe('INACTIVE_ROUTE');
    expect(failure(() => buildUrl('cms.admin'))).toBe('INACTIVE_ROUTE');
    expect(failure(() => buildUrl('public.renewPassword', { token: 'x' }))).toBe('INACTIVE_ROUTE');
  });

  it('fails for an empty catch-all', () => {
    expect(failure(() => router.buildUrl('docs', { path: [] }))).toBe('EMPTY_CATCH_ALL');
  });

  it('fails for a missing parameter', () => {
    expect(failure(() => router.buildUrl('docs'))).toBe('MISSING_PARAM');
    expect(failure(() => router.buildUrl('article'))).toBe('MISSING_PARAM');
    expect(failure(() => router.buildUrl('article', { slug: null }))).toBe('MISSING_PARAM');
    expect(failure(() => router.buildUrl('article', { slug: '' }))).toBe('MISSING_PARAM');
    expect(failure(() => router.buildUrl('article', { slug: ['a', 'b'] }))).toBe('MISSING_PARAM');
    expect(failure(() => buildUrl('cms.renewPassword'))).toBe('MISSING_PARAM');
  });

  it('builds the active routes of the real table', () => {
    expect(buildUrl('cms.index')).toBe('/admin');
    expect(buildUrl('cms.login', { returnTo: '/clenove/edit?id=5' })).toBe(
      '/admin/login?returnTo=%2Fclenove%2Fedit%3Fid%3D5',
    );
    expect(buildUrl('cms.renewPassword', { token: 'a/b' })).toBe('/admin/renew-password/a%2Fb');
  });
});

describe('matchRoute', () => {
  it('finds active routes of the real table with their parameters', () => {
    expect(matchRoute('/admin')?.route.name).toBe('cms.index');
    expect(matchRoute('/admin/login')?.route.title).toBe('Přihlášení');
    expect(matchRoute('/admin/user/profile/')?.route.name).toBe('cms.userProfile');
    expect(matchRoute('/admin/renew-password/x%20y')?.params).toEqual({ token: 'x y' });
    expect(matchRoute('/admin/login?returnTo=%2F')?.route.name).toBe('cms.login');
  });

  it('ignores unknown paths and screens that are not built', () => {
    expect(matchRoute('/admin/neexistuje')).toBeNull();
    expect(matchRoute('/admin/admin')).toBeNull();
    expect(matchRoute('/admin/uzivatel/pozvanka')?.route.name).toBe('users.invite');
    expect(matchRoute('/admin/clenove/hromadne-parovani')?.route.name).toBe('members.bulkPairing');
    expect(matchRoute('/admin/renew-password')).toBeNull();
  });

  it('round-trips what buildUrl makes', () => {
    const url = buildUrl('cms.renewPassword', { token: 'žluťoučký kůň' });
    expect(matchRoute(url)?.params).toEqual({ token: 'žluťoučký kůň' });
  });

  it('matches catch-all segments as arrays and prefers the most specific route', () => {
    expect(router.matchRoute('/docs/a/b/')?.params).toEqual({ path: ['a', 'b'] });
    expect(router.matchRoute('/docs')?.route.name).toBe('root');
    expect(router.matchRoute('/galerie')?.route.name).toBe('galleryIndex');
    expect(router.matchRoute('/galerie/2026/l%C3%A9to')?.params).toEqual({ path: ['2026', 'léto'] });
    expect(router.matchRoute('/koncept/novy')?.route.name).toBe('static');
    expect(router.matchRoute('/clanky/a')?.params).toEqual({ slug: 'a' });
    expect(router.matchRoute('/')).toEqual({ route: table[4], params: {} });
  });

  it('keeps a malformed escape instead of throwing', () => {
    expect(router.matchRoute('/clanky/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' });
  });
});
