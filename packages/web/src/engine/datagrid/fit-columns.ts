/** What the fit needs of a column: its key, its width at its narrowest (px) and its priority (1 stays). */
export interface ColumnFit {
  key: string;
  width: number;
  priority: number;
}

/**
 * The columns of a list (the user's visible ones, in their order) that have no room in `room` px:
 * the lowest priority gives way first, the rightmost of equal priority first, until the rest fit;
 * priority 1 always stays (a phone then scrolls the list inside its box). Unmeasured (`room` 0): none.
 */
export function columnsWithoutRoom(columns: readonly ColumnFit[], room: number): string[] {
  if (room <= 0) return [];
  const shown = [...columns];
  const hidden: string[] = [];
  let total = shown.reduce((sum, column) => sum + column.width, 0);
  while (total > room) {
    let giving = -1;
    for (let index = shown.length - 1; index >= 0; index--) {
      const priority = shown[index]!.priority;
      if (priority > 1 && (giving < 0 || priority > shown[giving]!.priority)) giving = index;
    }
    if (giving < 0) break;
    const [gone] = shown.splice(giving, 1);
    total -= gone!.width;
    hidden.push(gone!.key);
  }
  return hidden;
}
