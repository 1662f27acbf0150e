import { useTranslation } from '../lib/i18n';
interface PlaceholderScreenProps {
  /** Screen name, shown as the page heading and in the document title. */
  title: string;
  /** Route this screen answers, for orientation while the feature is being built. */
  route: string;
}

/** Stand-in for screens whose feature is not built yet: a heading naming the screen. */
export function PlaceholderScreen({ title, route }: PlaceholderScreenProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto w-full max-w-4xl px-6 py-12">
      <title>{t('{{title}} · Slotwise', { title })}</title>
      <h1 id="placeholder-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {t('This screen ({{route}}) is coming soon.', { route })}
      </p>
    </section>
  );
}
