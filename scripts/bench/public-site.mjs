// The public website on 1,000 articles: the home page and article pages, as a visitor's browser asks
// for them (compressed). Seeded through the API, as editors would write them.
import { inTurn } from './addresses.mjs';
import { measure } from './measure.mjs';

export const ARTICLE_COUNT = Number(process.env.BENCH_ARTICLES ?? 1000);
const PARAGRAPH =
  '<p>Družstvo žáků odehrálo v sobotu výborný zápas. Trenéři chválili obranu i rychlé přechody do útoku, ' +
  'rodiče fandili až do poslední minuty a po zápase jsme společně uklidili hřiště.</p>';

async function post(url, cookie, path, body) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/** Articles (12 per category, 3 tags each), a few events, the team and the sponsors; answers the slugs. */
export async function seedPublicSite({ url, cookie }) {
  const started = performance.now();
  const author = await post(url, cookie, '/api/cms/form/author', { name: 'Jana Dvořáková' });
  const categories = [];
  for (const name of ['Zprávy z oddílu', 'Mládež', 'Závody', 'Soustředění'])
    categories.push((await post(url, cookie, '/api/cms/form/content-category', { name })).id);
  const tags = [];
  for (const name of ['Žáci', 'Dorost', 'Dospělí', 'Výsledky', 'Pozvánka', 'Nábor'])
    tags.push((await post(url, cookie, '/api/cms/form/tag', { name })).id);
  const slugs = [];
  const now = Date.now();
  for (let batch = 0; batch < ARTICLE_COUNT; batch += 20) {
    const created = await Promise.all(
      Array.from({ length: Math.min(20, ARTICLE_COUNT - batch) }, (_, offset) => {
        const index = batch + offset;
        return post(url, cookie, '/api/cms/content', {
          title: `Zpráva z oddílu číslo ${index + 1}: víkend plný sportu`,
          perex: 'Co se v oddílu dělo o víkendu, kdo vyhrál a kam pojedeme příště.',
          content: PARAGRAPH.repeat(6),
          author: author.id,
          categories: [categories[index % categories.length]],
          tags: [tags[index % 6], tags[(index + 1) % 6], tags[(index + 2) % 6]],
          visibility: index % 10 === 9 ? 'PUBLIC_WITHOUT_SITEMAP' : 'PUBLIC',
          publishedAt: new Date(now - (index + 1) * 3_600_000).toISOString(),
        });
      }),
    );
    slugs.push(...created.map((article) => article.slug));
  }
  for (let index = 0; index < 5; index += 1)
    await post(url, cookie, '/api/cms/form/event', {
      title: `Turnaj ${index + 1}`,
      startsAt: new Date(now + (index + 1) * 7 * 86_400_000).toISOString(),
      place: 'Sportovní hala',
    });
  for (const name of ['Alena Nová', 'Bohumil Starý', 'Cyril Malý', 'Dana Velká'])
    await post(url, cookie, '/api/cms/form/team-member', { name, role: 'Trenér' });
  for (const name of ['Pekárna U Nováků', 'Autoservis Beneš', 'Pila Dvořák'])
    await post(url, cookie, '/api/cms/form/sponsor', { name, url: 'https://sponzor.example' });
  return { slugs, seedMs: Math.round(performance.now() - started) };
}

/** Home page and 100 article pages in turn, Brotli accepted as browsers do. */
export async function benchPublicSite({ url, slugs, duration, cpuMs }) {
  const headers = { 'accept-encoding': 'br, gzip' };
  const articles = slugs.slice(0, 100).map((slug) => `/clanky/${slug}`);
  return [
    await measure(`public home page (${ARTICLE_COUNT} articles)`, {
      url: `${url}/`,
      headers,
      duration,
      cpuMs,
    }),
    await measure(`public article pages, ${articles.length} in turn`, {
      url,
      headers,
      duration,
      cpuMs,
      ...inTurn(articles),
    }),
  ];
}
