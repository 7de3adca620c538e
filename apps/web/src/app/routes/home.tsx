import { BannerSlider } from '../../features/banners/components/banner-slider';
import { EventLists } from '../../features/sports/components/event-list';
import { SlipHost } from '../../features/sports/components/slip-host';
import '../../styles/sports.css';
import { t } from '../../lib/i18n/i18n';

/** Home (needs allowHome): banners, then in-play and upcoming events with live prices, and the bet slip. */
export default function HomePage() {
  return (
    <div className="stack-lg">
      <h1 className="visually-hidden">{t('Home')}</h1>
      <BannerSlider />
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
