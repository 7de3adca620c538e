/**
 * The API client must send the player to /login or / when a session ends (spec §4), but it runs outside
 * React. The router registers its navigate function here; until then a full page load does the job.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(navigate: Navigate): () => void {
  navigateImpl = navigate;
  return () => {
    if (navigateImpl === navigate) navigateImpl = (to) => window.location.assign(to);
  };
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
