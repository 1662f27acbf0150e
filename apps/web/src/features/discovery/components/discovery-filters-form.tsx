import { useTranslation } from '../../../lib/i18n';
import {
  DISCOVERY_MESSAGES,
  SEARCH_DEFAULT_RADIUS_KM,
  type SearchSort,
} from '@slotwise/shared/discovery-schemas';
import { CATEGORIES } from '@slotwise/shared/catalogue-schemas';
import { msg } from '@slotwise/shared/locales';
import { useState, type FormEvent, type ReactNode } from 'react';
import { controlClass } from '../../../components/control-class';
import { ControlLabel } from '../../../components/control-label';
import { MIN_RATING_CHOICES, type DiscoveryFilters } from '../discovery-filters';
import { PlacePicker } from './place-picker';
import { WhatField } from './what-field';
import { WhenField } from '../search/when-field';
import { RADIUS_CHOICES, radiusLabel } from '../search/radius-choices';

export const PLACE_INPUT_ID = 'discovery-place';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: msg('Best match'),
  rating: msg('Top rated'),
  distance: msg('Nearest'),
  soonest: msg('Soonest available'),
  price: msg('Lowest price'),
};

/** Whole currency units in the field ↔ minor units in the URL (every listed currency has 2 decimals or 0). */
function priceText(cents: number | null): string {
  return cents === null ? '' : String(cents / 100);
}

function priceCents(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) || value < 0
    ? null
    : Math.min(Math.round(value * 100), 10_000_000);
}

const chipClass = (pressed: boolean) =>
  `rounded-full border px-3 py-1.5 text-sm font-medium ${
    pressed
      ? 'border-indigo-600 bg-indigo-600 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;

interface DiscoveryFiltersFormProps {
  filters: DiscoveryFilters;
  /** A changed search: written to the URL (a new history entry). */
  onChange: (next: DiscoveryFilters) => void;
}

type Locating = 'idle' | 'asking' | 'failed';

/**
 * The /providers filters (docs/product.md §11.2). Text fields (what, max price) apply on
 * 'Search' (Enter); chips, place, when (day and part of day), rating and sort apply at once. "Near me" asks the
 * browser for its location only when pressed; refused, it says so and moves focus to the place
 * picker.
 */
export function DiscoveryFiltersForm({ filters, onChange }: DiscoveryFiltersFormProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState(filters.q);
  const [price, setPrice] = useState(priceText(filters.priceMax));
  const [locating, setLocating] = useState<Locating>('idle');
  // The URL changed under the form (back button, a link): show its values.
  const [seen, setSeen] = useState(filters);
  if (seen !== filters) {
    setSeen(filters);
    if (seen.q !== filters.q) setQ(filters.q);
    if (seen.priceMax !== filters.priceMax) setPrice(priceText(filters.priceMax));
  }

  const apply = (changes: Partial<DiscoveryFilters>) => onChange({ ...filters, ...changes });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: q.trim(), priceMax: priceCents(price) });
  };

  const nearMe = () => {
    const refused = () => {
      setLocating('failed');
      document.getElementById(PLACE_INPUT_ID)?.focus();
    };
    if (!('geolocation' in navigator)) {
      refused();
      return;
    }
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        const { latitude, longitude } = position.coords;
        apply({
          near: `${latitude.toFixed(4)},${longitude.toFixed(4)}`,
          placeId: null,
          place: null,
        });
      },
      refused,
      { timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  const hasPoint = Boolean(filters.near || filters.placeId);

  return (
    <form
      role="search"
      aria-label={t('Find a provider')}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
        <WhatField
          id="discovery-q"
          value={q}
          placeholder={t('Service or name, e.g. plumber')}
          onChange={setQ}
        />
        <div>
          <PlacePicker
            inputId={PLACE_INPUT_ID}
            label={t('Where')}
            placeholder={t('City')}
            value={filters.placeId ? { id: filters.placeId, name: filters.place ?? '' } : null}
            onChange={(place) => {
              setLocating('idle');
              apply({
                placeId: place?.id ?? null,
                place: place?.name ?? null,
                near: place ? null : filters.near,
                sort: !place && !filters.near && filters.sort === 'distance' ? null : filters.sort,
              });
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={nearMe}
            disabled={locating === 'asking'}
            aria-pressed={filters.near !== null}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60 aria-pressed:border-indigo-600 aria-pressed:text-indigo-700"
          >
            {locating === 'asking' ? t('Locating...') : t('Near me')}
          </button>
          <button
            type="submit"
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700"
          >
            {t('Search')}
          </button>
        </div>
      </div>
      <div aria-live="polite" className="text-sm">
        {locating === 'failed' ? (
          <p className="text-red-700">{t(DISCOVERY_MESSAGES.nearMeRefused)}</p>
        ) : filters.near ? (
          <p className="text-slate-700">
            {t('Showing providers near your location.')}{' '}
            <button
              type="button"
              onClick={() =>
                apply({ near: null, sort: filters.sort === 'distance' ? null : filters.sort })
              }
              className="font-semibold text-indigo-700 underline"
            >
              {t('Clear location')}
            </button>
          </p>
        ) : null}
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('Category')}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={filters.category === null}
            onClick={() => apply({ category: null })}
            className={chipClass(filters.category === null)}
          >
            {t('All')}
          </button>
          {CATEGORIES.map((category) => {
            const pressed = filters.category === category.slug;
            return (
              <button
                key={category.slug}
                type="button"
                aria-pressed={pressed}
                onClick={() => apply({ category: pressed ? null : category.slug })}
                className={chipClass(pressed)}
              >
                {t(category.name)}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div
        className={`grid gap-3 sm:grid-cols-2 ${hasPoint ? 'lg:grid-cols-6' : 'lg:grid-cols-5'}`}
      >
        <div className="sm:col-span-2">
          <WhenField
            idPrefix="discovery-when"
            value={{ date: filters.date, partOfDay: filters.partOfDay }}
            onChange={(when) => apply(when)}
          />
        </div>
        <div>
          <ControlLabel htmlFor="discovery-price">{t('Max price')}</ControlLabel>
          <input
            id="discovery-price"
            type="number"
            inputMode="decimal"
            min={0}
            step={1}
            value={price}
            aria-describedby="discovery-price-hint"
            onChange={(event) => setPrice(event.target.value)}
            onBlur={() => {
              if (priceCents(price) !== filters.priceMax) apply({ priceMax: priceCents(price) });
            }}
            className={controlClass()}
          />
          <p id="discovery-price-hint" className="mt-1 text-xs text-slate-600">
            {t('Cheapest service, in its own currency.')}
          </p>
        </div>
        {hasPoint ? (
          <FilterSelect
            id="discovery-radius"
            label={t('Distance')}
            value={filters.radiusKm ?? SEARCH_DEFAULT_RADIUS_KM}
            onChange={(value) => apply({ radiusKm: Number(value) })}
          >
            {RADIUS_CHOICES.map((km) => (
              <option key={km} value={km}>
                {radiusLabel(km)}
              </option>
            ))}
          </FilterSelect>
        ) : null}
        <FilterSelect
          id="discovery-rating"
          label={t('Minimum rating')}
          value={filters.minRating ?? ''}
          onChange={(value) => apply({ minRating: value ? Number(value) : null })}
        >
          <option value="">{t('Any rating')}</option>
          {MIN_RATING_CHOICES.map((rating) => (
            <option key={rating} value={rating}>
              {t('{{rating}}+ stars', { rating })}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="discovery-sort"
          label={t('Sort by')}
          value={filters.sort ?? 'relevance'}
          onChange={(value) => {
            const sort = value as SearchSort;
            apply({ sort: sort === 'relevance' ? null : sort });
          }}
        >
          {(Object.keys(SORT_LABELS) as SearchSort[])
            .filter((sort) => sort !== 'distance' || hasPoint)
            .map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
              </option>
            ))}
        </FilterSelect>
      </div>
    </form>
  );
}

/** A labelled filter drop-down: each change applies at once. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <ControlLabel htmlFor={id}>{label}</ControlLabel>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={controlClass()}
      >
        {children}
      </select>
    </div>
  );
}
