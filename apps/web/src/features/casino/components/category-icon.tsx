/**
 * Category icons for the lobby (drawn SVG, never emoji): Crash, Teen Patti, table games, slots and a
 * generic one for any other category an operator creates.
 */
const PATHS: Record<string, string> = {
  crash: 'M4 20 C10 19 15 15 19 6 M15 6 h4 v4',
  'teen-patti': 'M4 6 h6 v12 H4 Z M9 5 l5 1 -2 12 -5 -1 M14 6 h6 v12 h-6 Z',
  table: 'M12 4 C8 10 4 12 4 15 a4 4 0 0 0 7 2 l-1 3 h4 l-1 -3 a4 4 0 0 0 7 -2 C20 12 16 10 12 4 Z',
  slots: 'M3 6 h18 v12 H3 Z M9 6 v12 M15 6 v12 M5 12 h2 M11 12 h2 M17 12 h2',
  other: 'M4 4 h7 v7 H4 Z M13 4 h7 v7 h-7 Z M4 13 h7 v7 H4 Z M13 13 h7 v7 h-7 Z',
};

/** Which icon a category gets, by its name. */
export function categoryIconKind(category: string): keyof typeof PATHS {
  const name = category.toLowerCase();
  if (name.includes('crash')) return 'crash';
  if (name.includes('teen patti')) return 'teen-patti';
  if (name.includes('slot')) return 'slots';
  if (name.includes('card') || name.includes('table') || name.includes('live')) return 'table';
  return 'other';
}

export function CategoryIcon({ category }: { category: string }) {
  return (
    <svg
      className="category-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[categoryIconKind(category)]} />
    </svg>
  );
}

/** A star, filled when the game is a favourite. */
export function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M12 3 l2.7 5.6 6.1 .8 -4.4 4.3 1 6.1 L12 17 l-5.4 2.8 1 -6.1 -4.4 -4.3 6.1 -.8 Z" />
    </svg>
  );
}
