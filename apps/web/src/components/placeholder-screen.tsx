interface PlaceholderScreenProps {
  /** Screen name, shown as the page heading and in the document title. */
  title: string;
  /** Route this screen answers, for orientation while the feature is being built. */
  route: string;
}

/** Stand-in for screens whose feature is not built yet: a heading naming the screen. */
export function PlaceholderScreen({ title, route }: PlaceholderScreenProps) {
  return (
    <section aria-labelledby="placeholder-title" className="mx-auto w-full max-w-4xl px-6 py-12">
      <title>{`${title} · Slotwise`}</title>
      <h1 id="placeholder-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        This screen (<code className="rounded bg-slate-100 px-1">{route}</code>) is coming soon.
      </p>
    </section>
  );
}
