export const VISIBILITIES = ['PUBLIC', 'PUBLIC_WITHOUT_SITEMAP', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  PUBLIC: 'Veřejné',
  PUBLIC_WITHOUT_SITEMAP: 'Veřejné mimo sitemapu',
  PRIVATE: 'Soukromé',
};
