import { useLocation } from 'react-router';
import { InPlayList } from '../../features/sports/components/in-play-list';
import { MultiMarkets } from '../../features/sports/components/multi-markets';
import { ResultsList } from '../../features/sports/components/results-list';
import { SlipHost } from '../../features/sports/components/slip-host';
import { SportsLinks, SPORTS_PAGES } from '../../features/sports/components/sports-links';
import { SportsMenu } from '../../features/sports/components/sports-menu';
import '../../styles/sports.css';
import { t } from '../../lib/i18n/i18n';

const PAGES = {
  '/sports/in-play': { Page: InPlayList, slip: true },
  '/sports': { Page: SportsMenu, slip: false },
  '/sports/multi-markets': { Page: MultiMarkets, slip: true },
  '/sports/results': { Page: ResultsList, slip: false },
};

/**
 * The exchange's own pages under /sports (issue 31, decision 0072): In-Play, the sports menu, Multi
 * Markets and Results, one lazy chunk reached through Home's route so the first load stays within its
 * budget. A tab bar joins them (Home shows it too); the pages with prices carry the slip.
 */
export default function SportsPages() {
  const { pathname } = useLocation();
  const path = pathname in PAGES ? (pathname as keyof typeof PAGES) : '/sports';
  const { Page, slip } = PAGES[path];
  const title = SPORTS_PAGES.find((page) => page.to === path)?.title ?? '';
  return (
    <div className="stack">
      <SportsLinks />
      <div className="sports-layout">
        <section className="stack sports-layout__main" aria-labelledby="sports-page-title">
          <h1 id="sports-page-title" className="page-title">
            {t(title)}
          </h1>
          <Page />
        </section>
        {slip ? <SlipHost /> : null}
      </div>
    </div>
  );
}
