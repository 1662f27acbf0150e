import { LandingSearchForm } from '../features/providers/components/landing-search-form';
import { LandingPage } from '../features/site/landing-page';

/** The landing page (features/site) with the discovery search (features/providers) in its hero. */
export function LandingWithSearch() {
  return <LandingPage search={<LandingSearchForm />} />;
}
