import { ProviderProfilePage } from '../features/accounts/provider-profile-page';
import { ServicesSection } from '../features/catalogue/components/services-section';

/**
 * /dashboard/profile (sidebar label Settings): SPEC's profile information and its Update Profile
 * modal (features/accounts), then the provider's services (features/catalogue).
 */
export function ProviderSettingsPage() {
  return (
    <>
      <ProviderProfilePage />
      <ServicesSection />
    </>
  );
}
