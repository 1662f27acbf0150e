import { useTranslation } from '../../../lib/i18n';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { controlClass } from '../../../components/control-class';
import type { PickedPlace, PlacePickerProps } from './place-picker';
import { WhatField } from './what-field';
import type { When, WhenFieldProps } from '../search/when-field';
import { RADIUS_CHOICES, radiusLabel } from '../search/radius-choices';

const WHERE_ID = 'landing-where';

/** The first place named like `text` (GET /places, plain fetch: see below), or null. */
async function firstPlace(text: string): Promise<PickedPlace | null> {
  try {
    const query = new URLSearchParams({ q: text, limit: '1' });
    const response = await fetch(`/api/places?${query.toString()}`);
    if (!response.ok) return null;
    const { places } = (await response.json()) as { places: PickedPlace[] };
    return places[0] ? { id: places[0].id, name: places[0].name } : null;
  } catch {
    return null;
  }
}

/**
 * The landing page's search (docs/product.md §11.2, §14.2): what + where (and how far) + when →
 * /providers?q=&placeId=&radiusKm=&date=&partOfDay=.
 * The landing page has a JavaScript budget (apps/web/README.md), so "Where" starts as a plain
 * field and becomes the place picker (suggestions from GET /places) once the visitor reaches
 * it; a city typed and not picked is looked up on 'Search'. "When" likewise starts as its two
 * selects at 'Any time' and becomes the full control (with 'Pick a date') in the same moment.
 */
export function LandingSearchForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [where, setWhere] = useState('');
  const [place, setPlace] = useState<PickedPlace | null>(null);
  const [when, setWhen] = useState<When>({ date: null, partOfDay: null });
  const [Picker, setPicker] = useState<ComponentType<PlacePickerProps> | null>(null);
  const [When, setWhenField] = useState<ComponentType<WhenFieldProps> | null>(null);
  const [radiusKm, setRadiusKm] = useState('');
  const [busy, setBusy] = useState(false);

  const loadPicker = () => {
    if (Picker) return;
    void import('./place-picker').then((module) => setPicker(() => module.PlacePicker));
    void import('../search/when-field').then((module) => setWhenField(() => module.WhenField));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let chosen = place;
    if (!chosen && where.trim()) {
      setBusy(true);
      chosen = await firstPlace(where.trim());
      setBusy(false);
    }
    const params = new URLSearchParams();
    if (q.trim()) params.set('q', q.trim());
    if (chosen) {
      params.set('placeId', chosen.id);
      params.set('place', chosen.name);
      if (radiusKm) params.set('radiusKm', radiusKm);
    }
    if (when.date) params.set('date', when.date);
    if (when.partOfDay) params.set('partOfDay', when.partOfDay);
    const search = params.toString();
    void navigate(search ? `/providers?${search}` : '/providers');
  };

  return (
    <form
      role="search"
      aria-label={t('Find a provider')}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-8 grid gap-3 rounded-xl bg-white p-4 shadow-md ring-1 ring-slate-200 sm:grid-cols-2 sm:items-end"
    >
      <WhatField
        id="landing-what"
        value={q}
        placeholder={t('e.g. plumber, tutor')}
        onChange={setQ}
        onFocus={loadPicker}
      />
      {Picker ? (
        <Picker
          inputId={WHERE_ID}
          label={t('Where')}
          placeholder={t('City')}
          value={place}
          initialText={where}
          autoFocus={document.activeElement?.id === WHERE_ID}
          onChange={setPlace}
          onTextChange={setWhere}
        />
      ) : (
        <div>
          <label htmlFor={WHERE_ID} className="block text-sm font-medium text-slate-700">
            {t('Where')}
          </label>
          <input
            id={WHERE_ID}
            type="text"
            value={where}
            maxLength={100}
            placeholder={t('City')}
            autoComplete="off"
            onChange={(event) => setWhere(event.target.value)}
            onFocus={loadPicker}
            onPointerEnter={loadPicker}
            className={controlClass()}
          />
        </div>
      )}
      <div>
        <label htmlFor="landing-radius" className="block text-sm font-medium text-slate-700">
          {t('Distance')}
        </label>
        <select
          id="landing-radius"
          value={radiusKm}
          onChange={(event) => setRadiusKm(event.target.value)}
          className={controlClass()}
        >
          <option value="">{t('Any distance')}</option>
          {RADIUS_CHOICES.map((km) => (
            <option key={km} value={km}>
              {radiusLabel(km)}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        {When ? (
          <When idPrefix="landing-when" value={when} onChange={setWhen} />
        ) : (
          <fieldset onFocus={loadPicker} onPointerEnter={loadPicker}>
            <legend className="text-sm font-medium text-slate-700">{t('When')}</legend>
            <div className="mt-1 grid grid-cols-2 gap-2">
              <select aria-label={t('Day')} className={controlClass()}>
                <option>{t('Any time')}</option>
              </select>
              <select aria-label={t('Time of day')} className={controlClass()}>
                <option>{t('Any time of day')}</option>
              </select>
            </div>
          </fieldset>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-indigo-600 px-5 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60 sm:col-span-2"
      >
        {t('Search')}
      </button>
    </form>
  );
}
