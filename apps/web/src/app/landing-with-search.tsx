import { LandingSearchForm } from '../features/discovery/components/landing-search-form';
import { LandingPage } from '../features/site/landing-page';

/** The landing page (features/site) with the discovery search (features/discovery) in its hero. */
export function LandingWithSearch() {
  return <LandingPage search={<LandingSearchForm />} />;
}
