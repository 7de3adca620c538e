import { EmptyState } from '../../components/ui/empty-state';
import { BannerSlider } from '../../features/banners/components/banner-slider';

/** Home (needs allowHome): banners, then the sports exchange lists once the sports feed is served. */
export default function HomePage() {
  return (
    <div className="stack-lg">
      <h1 className="visually-hidden">Home</h1>
      <BannerSlider />
      <section aria-labelledby="sports-heading" className="stack">
        <h2 id="sports-heading" className="section-title">
          Sports
        </h2>
        <EmptyState title="No events available right now" icon="list" testId="sports-empty">
          <p>In-play and upcoming matches with exchange, bookmaker and fancy markets will be listed here as soon as they open.</p>
        </EmptyState>
      </section>
    </div>
  );
}
