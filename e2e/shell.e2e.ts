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
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
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
    const offScreen = async () => {
      const box = await page.locator('#app-navigation').boundingBox();
      return box === null || box.x + box.width <= 0;
    };
    const burger = page.getByRole('button', { name: 'Otevřít navigaci' });
    await burger.waitFor();
    expect(await offScreen()).toBe(true);
    // Nobody sees the links behind the button: the first render does not build them.
    expect(await page.locator('#app-navigation a').count()).toBe(0);

    await burger.click();
    await expect.poll(offScreen).toBe(false);
    expect(await page.getByRole('link', { name: 'Přehled' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Zavřít navigaci' }).click();
    await expect.poll(offScreen).toBe(true);

    // On a desktop the navigation is always shown and there is no menu button.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(offScreen).toBe(false);
    expect(await burger.isVisible()).toBe(false);
  });

  it('offers a skip link as the first keyboard stop, leading to the main content', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/login'));
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Co je potřeba udělat' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Přeskočit na obsah');
    // The focus ring is visible for keyboard users.
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });
});
