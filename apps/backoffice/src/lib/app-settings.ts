import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@khel/contract';
import { apiRequest } from './api-client';

export const appSettingsQueryKey = ['app-settings'] as const;

export async function getAppSettings(): Promise<AppSettings> {
  // The public answer may be cached by browsers for a while; the operator who just changed the
  // branding must see it after a reload, so always revalidate.
  return (await apiRequest<AppSettings>('/app-settings', { cache: 'no-cache' })).data;
}

export function useAppSettings() {
  return useQuery({ queryKey: appSettingsQueryKey, queryFn: getAppSettings, staleTime: 5 * 60_000 });
}

/** True while the operator runs the product with play chips (PRODUCT.md §5): money screens say so. */
export function usePlayMoney(): boolean {
  const { data } = useAppSettings();
  return data?.moneyMode !== 'real';
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Readable text on a brand-coloured surface: dark on light colours, white on dark ones. */
export function contrastText(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.6 ? '#111111' : '#ffffff';
}

/** Paints the operator's brand colour, favicon and name into the document once the settings arrive. */
export function useApplyBranding(): void {
  const { data } = useAppSettings();
  useEffect(() => {
    if (data === undefined) return;
    const root = document.documentElement;
    if (HEX.test(data.color)) {
      root.style.setProperty('--brand', data.color);
      root.style.setProperty('--brand-contrast', contrastText(data.color));
    }
    document.title = `${data.siteName} · Back office`;
    if (data.faviconImg !== '') {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (link === null) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.append(link);
      }
      link.removeAttribute('type');
      link.href = data.faviconImg;
    }
  }, [data]);
}
