/** The club's season starts on 1 September: on 23. 11. 2026 it is "2026/2027". */
export function currentSeason(today: Date = new Date()): string {
  const year = today.getUTCFullYear();
  const start = today.getUTCMonth() >= 8 ? year : year - 1;
  return `${start}/${start + 1}`;
}
