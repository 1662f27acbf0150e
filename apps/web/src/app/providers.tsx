import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n';
import { createQueryClient } from './query-client';

/**
 * App-wide providers around the router. The toast container (top-right, 4 s) is mounted by
 * the router's root layout (see toast-host.tsx) so that its code stays out of the landing page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // A new language redraws every screen (dates and prices too, not only texts) and refetches what
  // the server worded: errors, notices (docs/decisions/074-languages.md).
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    void queryClient.invalidateQueries();
  }, [language, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <Fragment key={language}>{children}</Fragment>
    </QueryClientProvider>
  );
}
