import type { Profile } from '@khel/contract';

export interface NavItem {
  to: '/' | '/live-casino' | '/slots';
  label: string;
  icon: 'home' | 'live' | 'slots';
}

/** Main navigation (spec §2): Home, Live Casino, Slots, each only if permitted. */
export function navItemsFor(user: Profile | null): NavItem[] {
  if (!user) return [];
  const items: NavItem[] = [];
  if (user.allowHome) items.push({ to: '/', label: 'Home', icon: 'home' });
  if (user.allowLiveCasino) items.push({ to: '/live-casino', label: 'Live Casino', icon: 'live' });
  if (user.allowSlots) items.push({ to: '/slots', label: 'Slots', icon: 'slots' });
  return items;
}
