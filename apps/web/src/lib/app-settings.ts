import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppSettings } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from './api-client';
import { bootData } from './boot-data';

/** GET /api/v1/app-settings (public): site name, logo, favicon, brand colour and money mode. */
export async function getAppSettings(): Promise<AppSettings> {
  return unwrap(await apiRequest<AppSettings>('/app-settings'));
}

export function useAppSettings() {
  return useQuery({
    queryKey: ['app-settings'],
    queryFn: getAppSettings,
    // The server inlines the branding into index.html (ADR 0024): the header paints without a round trip.
    initialData: () => bootData().settings,
    // Branding changes rarely; one load per visit is enough, and a focus must not refetch it.
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  });
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Readable text on the brand colour: dark on light brands, white on dark ones (WCAG luminance). */
export function contrastText(hex: string): '#000000' | '#ffffff' {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** Applies the operator's branding: brand colour as CSS variables, favicon and document title. */
export function useApplyBranding(settings: AppSettings | undefined): void {
  useEffect(() => {
    if (!settings) return;
    const root = document.documentElement;
    if (HEX_COLOUR.test(settings.color)) {
      root.style.setProperty('--brand', settings.color);
      root.style.setProperty('--brand-contrast', contrastText(settings.color));
    }
    if (settings.faviconImg) {
      let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.removeAttribute('type');
      link.href = settings.faviconImg;
    }
    if (settings.siteName) document.title = settings.siteName;
  }, [settings]);
}
