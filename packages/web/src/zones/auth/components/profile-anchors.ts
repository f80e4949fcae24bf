/** Anchor of the profile's password section; the CMS index links to it (kept apart from the page's code). */
export const CHANGE_PASSWORD_ANCHOR = 'zmena-hesla';
