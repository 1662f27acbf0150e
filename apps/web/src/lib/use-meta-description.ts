import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` (index.html ships the site's one) while the
 * calling screen is shown, and puts the previous text back when it leaves. React would hoist a
 * rendered `<meta>`, but next to the static one: two descriptions.
 */
export function useMetaDescription(text: string | null): void {
  useEffect(() => {
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = text;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [text]);
}
