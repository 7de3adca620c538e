import { lazy } from 'react';
import { useLocation } from 'react-router';
import { BannerSlider } from '../../features/banners/components/banner-slider';
import { EventLists } from '../../features/sports/components/event-list';
import { SportsLinks } from '../../features/sports/components/sports-links';
import { SlipHost } from '../../features/sports/components/slip-host';
import '../../styles/sports.css';
import { t } from '../../lib/i18n/i18n';

// In-Play, the sports menu, Multi Markets and Results (issue 31) come through Home's route, so they cost
// the first load one route and no chunk name (decision 0072).
const SportsPages = lazy(() => import('./sports-pages'));

/** Home (needs allowHome): banners, then in-play and upcoming events with live prices, and the bet slip. */
export default function HomePage() {
  if (useLocation().pathname.startsWith('/sports')) return <SportsPages />;
  return (
    <div className="stack-lg">
      <h1 className="visually-hidden">{t('Home')}</h1>
      <BannerSlider />
      <SportsLinks />
      <div className="sports-layout">
        <section aria-labelledby="sports-heading" className="stack sports-layout__main">
          <h2 id="sports-heading" className="section-title">
            {t('Sports')}
          </h2>
          <EventLists />
        </section>
        <SlipHost />
      </div>
    </div>
  );
}
