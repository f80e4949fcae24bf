import type { EntityHooks, Values } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { AppError } from '../../errors/app-error.ts';
import { withSanitizedHtml } from '../content/index.ts';
import { assertClubAccount, refreshPaymentTexts } from '../payments/index.ts';

/** Sponsors' levels, the most important first (the public site lists them in this order). */
export const SPONSOR_LEVEL_OPTIONS = [
  { value: 'GENERAL', label: 'Generální partner' },
  { value: 'MAIN', label: 'Hlavní partner' },
  { value: 'PARTNER', label: 'Partner' },
  { value: 'SUPPORTER', label: 'Podporovatel' },
] as const;

export const eventHooks: EntityHooks = {
  beforeCreate: ({ data }) => withSanitizedHtml(data, ['description']),
  beforeUpdate: ({ data }) => withSanitizedHtml(data, ['description']),
};

export const teamMemberHooks: EntityHooks = {
  // A new person without a place goes to the end of the team.
  beforeCreate: async ({ db, data }) => {
    if (data.position !== null && data.position !== undefined) return undefined;
    const last = await db
      .selectFrom('team_members')
      .select((eb) => eb.fn.max('position').as('last'))
      .executeTakeFirstOrThrow();
    return { ...data, position: last.last === null ? 0 : Number(last.last) + 1 };
  },
};

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast of white text on the colour (WCAG 2): 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/** The site writes white on both colours and uses them for links on white: 4.5:1 either way. */
function assertReadableColours(data: Values) {
  for (const field of ['primaryColor', 'accentColor']) {
    const colour = data[field];
    if (typeof colour === 'string' && contrastWithWhite(colour) < 4.5)
      throw fieldError(
        field,
        `Barva je příliš světlá: kontrast s bílou je ${contrastWithWhite(colour).toFixed(1).replace('.', ',')} : 1, potřeba je aspoň 4,5 : 1.`,
      );
  }
}

export const webConfigurationHooks: EntityHooks = {
  beforeCreate: async ({ db, data }) => {
    assertReadableColours(data);
    assertClubAccount(data);
    const existing = await db.selectFrom('web_configurations').select('id').executeTakeFirst();
    if (existing)
      throw new AppError('CONFLICT', 409, 'Konfigurace webu už existuje; upravte ji v Konfiguraci webu.');
    return undefined;
  },
  beforeUpdate: ({ data }) => {
    assertReadableColours(data);
    assertClubAccount(data);
    return undefined;
  },
  afterCreate: ({ db }) => refreshPaymentTexts(db),
  afterUpdate: async ({ db, record, previous }) => {
    if (record.bankAccount !== previous.bankAccount || record.clubName !== previous.clubName)
      await refreshPaymentTexts(db);
  },
  beforeDelete: () => {
    throw new AppError('CONFLICT', 409, 'Konfiguraci webu nelze smazat, jen upravit.');
  },
};
