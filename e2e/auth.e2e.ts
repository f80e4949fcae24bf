import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { measureWireBytes } from './support/wire-bytes.ts';

let app: Klubovna;

beforeAll(async () => {
  app = await startKlubovna();
});

afterAll(async () => {
  await app?.close();
});

async function heading(page: Page): Promise<string> {
  return (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
}

describe('signing in and out', () => {
  it('rejects a wrong password, signs in with the right one, shows the CMS index and signs out', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin'));
    await page.waitForURL(/\/admin\/login$/);
    expect(await heading(page)).toBe('Přihlášení');

    await signIn(page, ADMIN.email, 'uplne-spatne-heslo');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Nesprávný e-mail nebo heslo.' }).count())
      .toBe(1);
    expect(page.url()).toMatch(/\/admin\/login$/);

    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
    expect(await heading(page)).toMatch(/^Dobr(ý den|é ráno|ý večer)/);
    expect(await page.title()).toContain('Klubovna');

    await page.getByRole('button', { name: /Uživatelské menu/ }).click();
    await page.getByRole('menuitem', { name: 'Odhlásit se' }).click();
    await page.waitForURL(/\/admin\/login$/);
    await page.getByText('Byli jste odhlášeni.').waitFor();

    // The session is really gone: the CMS index sends us back to sign in.
    await page.goto(app.url('/admin'));
    await page.waitForURL(/\/admin\/login$/);
  });

  it('returns to a deep link after signing in', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/user/profile'));
    await page.waitForURL(/\/admin\/login\?returnTo=%2Fuser%2Fprofile$/);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin/user/profile');
    await page.getByRole('heading', { name: 'Můj profil' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(ADMIN.email);
  });

  it('shows a Czech 404 page for unknown paths', async () => {
    const { page } = await app.newPage();
    const response = await page.goto(app.url('/admin/tohle/neexistuje'));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Stránka nenalezena' }).waitFor();
  });

  it('loads no shell or zone code other than the sign-in screens on the sign-in page', async () => {
    const { page } = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(app.url('/admin/login'));
    await page.getByRole('button', { name: 'Přihlásit se' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((script) => /authenticated-layout|shell/i.test(script))).toBe(false);
    // Zone chunks are named after their `<zone>.zone.ts` module; only the auth zone is needed here.
    const zones = scripts.filter((script) => /\.zone-/.test(script));
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatch(/\/auth\.zone-/);
    expect(scripts.some((script) => /sentry/i.test(script))).toBe(false);
  });

  it("names the sign-in screen's code in its page, and a signed-in screen's larger code to fetch at low priority", async () => {
    const preloads = async (path: string) => {
      const html = await (await fetch(app.url(path))).text();
      const links = html.matchAll(
        /rel="(?:modulepreload|preload" as="script)"( fetchpriority="low")? crossorigin href="([^"]+)"/g,
      );
      return [...links].map((match) => ({ file: match[2]!, low: match[1] !== undefined }));
    };
    // The entry's own imports are named by the build; the screen's are added after them by the server.
    const login = await preloads('/admin/login');
    const members = await preloads('/admin/clenove');
    expect(login.filter(({ file }) => /\/auth\.zone-/.test(file))).toHaveLength(1);
    expect(login.some(({ low }) => low)).toBe(false);
    const listCode = members.filter(({ file }) => /authenticated-layout|entity-list-screen/.test(file));
    expect(listCode).toHaveLength(2);
    expect(listCode.every(({ low }) => low)).toBe(true);
  });
});

describe('the sign-in page on the wire', () => {
  it('receives its JavaScript compressed, at most 160 KB of it', async () => {
    const wire = await measureWireBytes(app.browser, app.url('/admin/login'), 'Přihlásit se');
    const scripts = wire.files.filter((file) => file.type === 'Script');
    console.log(
      `/admin/login on the wire: JavaScript ${(wire.js / 1000).toFixed(1)} kB in ${scripts.length} files, CSS ${(wire.css / 1000).toFixed(1)} kB, everything ${(wire.total / 1000).toFixed(1)} kB`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    // The entry, the sign-in screens' shared code and their zone: each file costs a phone a round trip.
    expect(scripts.length).toBeLessThanOrEqual(4);
    // Every script bigger than a kilobyte came compressed, by the browser's choice: Brotli.
    for (const file of scripts.filter((entry) => entry.bytes > 1500))
      expect(file.encoding, file.url).toBe('br');
    expect(wire.js).toBeLessThanOrEqual(160_000);
  });
});
