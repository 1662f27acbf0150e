import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { msg } from '@slotwise/shared/locales';
import { useSession } from '../../lib/session';
import { useBusiness } from '../business/api/get-business';
import { embedSnippet, type Mode } from './embed-snippet';

const MODES: readonly { mode: Mode; label: string; hint: string }[] = [
  {
    mode: 'inline',
    label: msg('In the page'),
    hint: msg('Your times and booking, where you paste the code.'),
  },
  {
    mode: 'popup',
    label: msg('Button with a popup'),
    hint: msg('A button where you paste the code; it opens the booking in a window.'),
  },
  {
    mode: 'button',
    label: msg('Floating button'),
    hint: msg('A button in the bottom corner of every page with the code.'),
  },
];

/**
 * 'Book on your own site' in the provider's Settings (docs/product.md §21.3): the snippet for each
 * way of showing the widget, for the provider or (the owner's choice) their business, with 'Copy'.
 */
/** Whose times a snippet shows: the provider's own, or their business's. */
const EMBED_TARGETS = ['provider', 'business'] as const;

export function EmbedSnippetCard() {
  const { t } = useTranslation();
  const { session } = useSession();
  const business = useBusiness({ enabled: Boolean(session?.providerId) });
  const [kind, setKind] = useState<'provider' | 'business'>('provider');
  const [copied, setCopied] = useState<Mode | null>(null);
  const providerId = session?.providerId;
  if (!providerId) return null;
  const businessId = business.data?.id ?? null;
  const target =
    kind === 'business' && businessId
      ? { kind: 'business' as const, id: businessId }
      : { kind: 'provider' as const, id: providerId };

  const copy = async (mode: Mode, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(mode);
    } catch {
      setCopied(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-6 sm:px-6">
      <section
        aria-labelledby="embed-snippet-title"
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="embed-snippet-title" className="text-lg font-semibold text-slate-900">
          {t('Book on your own site')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {t(
            'Paste one of these into your website: visitors see your times and book without leaving it.',
          )}
        </p>
        {businessId ? (
          <fieldset className="mt-3 flex flex-wrap gap-4 text-sm text-slate-800">
            <legend className="sr-only">{t('Whose times')}</legend>
            {EMBED_TARGETS.map((option) => (
              <label key={option} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="embed-target"
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setCopied(null);
                  }}
                />
                {option === 'provider' ? t('Your times') : t('Your business')}
              </label>
            ))}
          </fieldset>
        ) : null}
        <ul className="mt-4 space-y-4">
          {MODES.map(({ mode, label, hint }) => {
            const text = embedSnippet(window.location.origin, target, mode);
            const id = `embed-snippet-${mode}`;
            return (
              <li key={mode}>
                <div className="flex items-center justify-between gap-2">
                  <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
                    {t(label)}
                  </h3>
                  <button
                    type="button"
                    onClick={() => void copy(mode, text)}
                    aria-describedby={`${id}-title`}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                  >
                    {copied === mode ? t('Copied') : t('Copy')}
                  </button>
                </div>
                <p className="text-xs text-slate-600">{t(hint)}</p>
                <pre
                  id={id}
                  aria-labelledby={`${id}-title`}
                  className="mt-1 rounded-md bg-slate-900 p-3 text-xs break-all whitespace-pre-wrap text-slate-100"
                >
                  <code>{text}</code>
                </pre>
              </li>
            );
          })}
        </ul>
        <p role="status" className="sr-only">
          {copied ? t('Copied') : ''}
        </p>
      </section>
    </div>
  );
}
