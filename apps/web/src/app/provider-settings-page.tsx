import { LanguageSection } from '../features/accounts/components/language-section';
import { YourDataSection } from '../features/accounts/components/your-data-section';
import { ProviderProfilePage } from '../features/accounts/provider-profile-page';
import { BusinessSection } from '../features/business/components/business-section';
import { CalendarConnectionsSection } from '../features/calendar-sync/calendar-connections-section';
import { ServicesSection } from '../features/catalogue/components/services-section';
import { EmbedSnippetCard } from '../features/embed/embed-snippet-card';

/**
 * /dashboard/profile (sidebar label Settings): SPEC's profile information and its Update Profile
 * modal (features/accounts), the provider's business (features/business, docs/product.md §13),
 * the screens' language (docs/product.md §21.1), the calendars they connect (features/calendar-sync, docs/product.md §18), then the provider's
 * services (features/catalogue), and last the provider's data: export and erasure
 * (docs/product.md §19.5).
 */
export function ProviderSettingsPage() {
  return (
    <>
      <ProviderProfilePage />
      <div className="mx-auto -mt-6 w-full max-w-3xl px-4 pb-6 sm:px-6">
        <LanguageSection />
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
        <BusinessSection />
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
        <CalendarConnectionsSection />
      </div>
      <ServicesSection />
      <EmbedSnippetCard />
      <div className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
        <YourDataSection />
      </div>
    </>
  );
}
