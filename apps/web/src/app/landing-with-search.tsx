import { LandingSearchForm } from '../features/discovery/components/landing-search-form';
import { TopProvidersSection } from '../features/discovery/search/top-providers-section';
import { LandingPage } from '../features/site/landing-page';

/** The landing page (features/site) with the discovery search (features/discovery) in its hero
 * and the top-rated providers under it. */
export function LandingWithSearch() {
  return <LandingPage search={<LandingSearchForm />} featured={<TopProvidersSection />} />;
}
