// Its own module so the header (first load) can use it without pulling the wagering bar, which only lazy
// pages show, into the first load.
/** "40%" with at most one decimal and never a rounding up to 100 % before it is reached. */
export function percentText(percent: number): string {
  const floored = Math.floor(percent * 10) / 10;
  return `${Number.isInteger(floored) ? floored.toFixed(0) : floored.toFixed(1)}%`;
}
