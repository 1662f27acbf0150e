import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Locale } from '@slotwise/shared/locales';
import { CardSection } from '../../../components/card-section';
import { LanguageSwitch } from '../../../components/language-switch';
import { useUpdateLocale } from '../api/update-locale';

/**
 * Settings' language (docs/product.md §21.1): the switch changes every screen at once, is
 * remembered on this device and saved to the account.
 */
export function LanguageSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const save = useUpdateLocale();
  const onChosen = (locale: Locale) => save.mutate(locale);
  return (
    <CardSection titleId={headingId} title={t('Language')}>
      <div className="mt-4">
        <LanguageSwitch onChosen={onChosen} />
      </div>
    </CardSection>
  );
}
