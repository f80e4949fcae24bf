/** Browsers in the order their tokens must be tested (Edge and Opera also say Chrome, Chrome says Safari). */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const find = (list: Array<[RegExp, string]>, text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** A browser's User-Agent as people name the device: `Firefox, Windows`; `Neznámé zařízení` if unknown. */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent ?? '';
  const parts = [find(BROWSERS, text), find(SYSTEMS, text)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Neznámé zařízení';
}
