import { czechDate, czechDateTime } from '@klubovna/shared/time/prague';
import { czechPlural } from '../../engine/schema/czech-text.ts';
import { html, type SafeHtml, trusted } from './html.ts';
import { picture } from './layout.ts';
import type { Article, ArticleSummary } from './public-articles.repository.ts';
import type { PublicEvent, PublicSponsor, TeamPerson } from './public-web.repository.ts';

const timeTag = (iso: string) => html`<time datetime="${iso}">${czechDate(iso)}</time>`;

export function articleCards(articles: ArticleSummary[], level: 'h2' | 'h3' = 'h3'): SafeHtml {
  if (articles.length === 0) return html`<p>Zatím tu nejsou žádné články.</p>`;
  return html`<ul class="grid">${articles.map(
    (article) => html`<li class="card">${
      article.image ? picture(article.image, '', '(max-width: 40rem) 100vw, 22rem') : ''
    }<div class="body">${level === 'h2' ? html`<h2><a href="/clanky/${article.slug}">${article.title}</a></h2>` : html`<h3><a href="/clanky/${article.slug}">${article.title}</a></h3>`}
<p class="muted">${timeTag(article.publishedAt)}</p>${article.perex ? html`<p>${article.perex}</p>` : ''}</div></li>`,
  )}</ul>`;
}

/** Links to the previous and next page of a listing (`?strana=`). */
export function pager(path: string, page: number, pages: number): SafeHtml {
  if (pages <= 1) return html``;
  const href = (target: number) => (target === 1 ? path : `${path}?strana=${target}`);
  return html`<nav class="pager" aria-label="Stránkování">${
    page > 1 ? html`<a href="${href(page - 1)}" rel="prev">← Novější články</a>` : html`<span></span>`
  }<span class="muted">Strana ${page} z ${pages}</span>${
    page < pages ? html`<a href="${href(page + 1)}" rel="next">Starší články →</a>` : html`<span></span>`
  }</nav>`;
}

export function eventList(events: PublicEvent[], empty: string): SafeHtml {
  if (events.length === 0) return html`<p>${empty}</p>`;
  return html`<ul class="events">${events.map(
    (
      event,
    ) => html`<li><h3>${event.link ? html`<a href="${event.link}" rel="noopener">${event.title}</a>` : event.title}</h3>
<p class="muted"><time datetime="${event.startsAt}">${czechDateTime(event.startsAt)}</time>${
      event.endsAt ? html` – <time datetime="${event.endsAt}">${czechDateTime(event.endsAt)}</time>` : ''
    }${event.place ? html`, ${event.place}` : ''}</p>${event.description ? html`<div>${trusted(event.description)}</div>` : ''}</li>`,
  )}</ul>`;
}

export function teamList(team: TeamPerson[], withDetails: boolean): SafeHtml {
  if (team.length === 0) return html`<p>Tým zatím není představen.</p>`;
  return html`<ul class="grid">${team.map(
    (
      person,
    ) => html`<li class="person">${person.photo ? picture(person.photo, `Fotografie: ${person.name}`, '8rem') : ''}
<h3>${person.name}</h3>${person.role ? html`<p class="muted">${person.role}</p>` : ''}${
      withDetails && person.bio ? html`<p>${person.bio}</p>` : ''
    }${withDetails && person.email ? html`<p><a href="mailto:${person.email}">${person.email}</a></p>` : ''}${
      withDetails && person.phone
        ? html`<p><a href="tel:${person.phone.replace(/\s/g, '')}">${person.phone}</a></p>`
        : ''
    }</li>`,
  )}</ul>`;
}

export function sponsorList(sponsors: PublicSponsor[], levels: ReadonlyMap<string, string> | null): SafeHtml {
  if (sponsors.length === 0) return html`<p>Seznam partnerů připravujeme.</p>`;
  const item = (sponsor: PublicSponsor) => {
    const label = sponsor.logo ? picture(sponsor.logo, sponsor.name, '12rem') : html`${sponsor.name}`;
    return html`<li>${sponsor.url ? html`<a href="${sponsor.url}" rel="noopener sponsored">${label}</a>` : label}</li>`;
  };
  if (!levels) return html`<ul class="sponsors">${sponsors.map(item)}</ul>`;
  return html`${[...levels].map(([level, label]) => {
    const ofLevel = sponsors.filter((sponsor) => sponsor.level === level);
    return ofLevel.length ? html`<h2>${label}</h2><ul class="sponsors">${ofLevel.map(item)}</ul>` : '';
  })}`;
}

export function homePage(
  clubName: string,
  articles: ArticleSummary[],
  events: PublicEvent[],
  team: TeamPerson[],
  sponsors: PublicSponsor[],
): SafeHtml {
  return html`<h1>${clubName}</h1>
<section aria-labelledby="nejnovejsi"><h2 id="nejnovejsi">Nejnovější články</h2>${articleCards(articles)}
<p><a href="/clanky">Všechny články</a></p></section>
<section aria-labelledby="udalosti"><h2 id="udalosti">Nadcházející události</h2>${eventList(events, 'Žádné události nejsou naplánovány.')}</section>
<section aria-labelledby="tym"><h2 id="tym">Náš tým</h2>${teamList(team, false)}</section>
<section aria-labelledby="sponzori"><h2 id="sponzori">Partneři klubu</h2>${sponsorList(sponsors, null)}</section>`;
}

export function articlePage(article: Article, preview: boolean): SafeHtml {
  return html`<article class="article">${
    preview
      ? html`<p class="notice" role="status">Náhled článku: takto bude vypadat na webu. ${
          article.visibility === 'PRIVATE' ? 'Článek je soukromý, veřejnost ho neuvidí.' : ''
        }</p>`
      : ''
  }<h1>${article.title}</h1>
<p class="muted">${timeTag(article.publishedAt)}${article.author ? html` · ${article.author}` : ''}${
    article.categories.length
      ? html` · ${article.categories.map((category, index) => html`${index ? ', ' : ''}<a href="/kategorie/${category.slug}">${category.name}</a>`)}`
      : ''
  }</p>
${article.perex ? html`<p class="lead">${article.perex}</p>` : ''}
${article.image ? html`<figure>${picture(article.image, '', '(max-width: 46rem) 100vw, 46rem')}</figure>` : ''}
<div class="content">${trusted(article.content)}</div>
${
  article.tags.length
    ? html`<h2>Tagy</h2><ul class="tags">${article.tags.map((tag) => html`<li><a href="/tagy/${tag.slug}">${tag.name}</a></li>`)}</ul>`
    : ''
}</article>`;
}

export function listingPage(
  heading: string,
  intro: string | null,
  path: string,
  listing: { items: ArticleSummary[]; total: number },
  page: number,
  pages: number,
): SafeHtml {
  const count = czechPlural(listing.total, { one: 'článek', few: 'články', many: 'článků' });
  return html`<h1>${heading}</h1>${intro ? html`<p>${intro}</p>` : ''}<p class="muted">${listing.total} ${count}</p>
${articleCards(listing.items, 'h2')}${pager(path, page, pages)}`;
}

export function eventsPage(upcoming: PublicEvent[], past: PublicEvent[]): SafeHtml {
  return html`<h1>Události</h1><h2>Nadcházející</h2>${eventList(upcoming, 'Žádné události nejsou naplánovány.')}
<h2>Proběhlé</h2>${eventList(past, 'Zatím žádné.')}`;
}

export const teamPage = (team: TeamPerson[]) => html`<h1>Tým</h1>${teamList(team, true)}`;

export const sponsorsPage = (sponsors: PublicSponsor[], levels: ReadonlyMap<string, string>) =>
  html`<h1>Sponzoři a partneři</h1>${sponsorList(sponsors, levels)}`;

export const notFoundPage = () =>
  html`<h1>Stránka nenalezena</h1><p>Tato stránka neexistuje nebo už není veřejná.</p><p><a href="/">Zpět na úvodní stránku</a> · <a href="/clanky">Články</a></p>`;
