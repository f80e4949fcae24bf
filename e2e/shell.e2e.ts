import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';

let app: Klubovna;

beforeAll(async () => {
  app = await startKlubovna();
});

afterAll(async () => {
  await app?.close();
});

describe('app shell', () => {
  it('keeps the dark colour scheme across a reload', async () => {
    const { page } = await app.newPage({ colorScheme: 'light' });
    await page.goto(app.url('/admin/login'));
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await page.evaluate(() => document.body.className)).toContain('light');

    await page.getByRole('button', { name: /Uživatelské menu/ }).click();
    await page.getByRole('menuitem', { name: 'Tmavý režim' }).click();
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Sekce administrace' }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('light'))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
  });

  it('follows the system preference when nothing is stored', async () => {
    const { page } = await app.newPage({ colorScheme: 'dark' });
    await page.goto(app.url('/admin/login'));
    await page.getByRole('button', { name: 'Přihlásit se' }).waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('dark'))).toBe(true);
  });

  it('collapses the navigation on a phone and opens it with the menu button', async () => {
    const { page } = await app.newPage({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(app.url('/admin/login'));
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    const navigation = page.getByRole('navigation', { name: 'Hlavní navigace' });
    const burger = page.getByRole('button', { name: 'Otevřít navigaci' });
    await burger.waitFor();
    expect(await navigation.isVisible()).toBe(false);
    const box = await page.locator('#app-navigation').boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);

    await burger.click();
    await expect.poll(() => navigation.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Zavřít navigaci' }).click();
    await expect
      .poll(async () => {
        const after = await page.locator('#app-navigation').boundingBox();
        return after === null || after.x + after.width <= 0;
      })
      .toBe(true);
  });

  it('offers a skip link as the first keyboard stop', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/login'));
    await page.getByRole('button', { name: 'Přihlásit se' }).waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    // The e-mail field has autofocus; going back reaches the skip link.
    if (focused !== 'Přeskočit na obsah') {
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Přeskočit na obsah');
  });
});
