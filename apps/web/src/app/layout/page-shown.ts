/** Set once the shell has shown a page: from then on a lost network keeps the page (issue 31). */
let shown = false;

export const wasPageShown = (): boolean => shown;

export function markPageShown(): void {
  shown = true;
}

/** Tests: each starts as a fresh page load, before any page was shown (decision 0079). */
export function resetPageShown(): void {
  shown = false;
}
