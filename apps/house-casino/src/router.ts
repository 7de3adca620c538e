export type Page = 'slot' | 'table' | 'crash' | 'rules' | 'verify' | 'unknown';

/**
 * The pages: /house-casino/play/<game>?token=… (the slot or a live table, opened by the player app in
 * its game frame) and /house-casino/verify (anyone may check a round).
 */
export function route(pathname: string): { page: Page; game: string | null } {
  const path = pathname.replace(/^\/house-casino/, '').replace(/\/+$/, '');
  if (path === '/verify') return { page: 'verify', game: null };
  const rules = /^\/rules\/([a-z0-9-]+)$/.exec(path);
  if (rules !== null) return { page: 'rules', game: rules[1] as string };
  const match = /^\/play\/([a-z0-9-]+)$/.exec(path);
  if (match === null) return { page: 'unknown', game: null };
  const game = match[1] as string;
  if (game === 'royal-bengal' || game === 'monsoon-gems') return { page: 'slot', game };
  if (game === 'dragon-tiger' || game === 'andar-bahar' || game === 'teen-patti' || game === 'lucky-7')
    return { page: 'table', game };
  if (game === 'crash') return { page: 'crash', game };
  return { page: 'unknown', game };
}
