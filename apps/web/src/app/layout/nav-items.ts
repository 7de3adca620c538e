import type { Profile } from '@khel/contract';
import { msg } from '../../lib/i18n/i18n';

export interface NavItem {
  to: '/' | '/sports/in-play' | '/live-casino' | '/slots';
  label: string;
  icon: 'home' | 'live' | 'slots';
}

/**
 * Main navigation (spec §2): Home, Live Casino, Slots, each only if permitted, and In-Play with Home (decision 0072,
 * sharing the live icon). Labels are message ids (t).
 */
export function navItemsFor(user: Profile | null): NavItem[] {
  if (!user) return [];
  const items: NavItem[] = [];
  if (user.allowHome) {
    items.push({ to: '/', label: msg('Home'), icon: 'home' });
    items.push({ to: '/sports/in-play', label: msg('In-Play'), icon: 'live' });
  }
  if (user.allowLiveCasino) items.push({ to: '/live-casino', label: msg('Live Casino'), icon: 'live' });
  if (user.allowSlots) items.push({ to: '/slots', label: msg('Slots'), icon: 'slots' });
  return items;
}
