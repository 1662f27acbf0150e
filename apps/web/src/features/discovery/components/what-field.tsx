import { useTranslation } from '../../../lib/i18n';
import { ControlLabel } from '../../../components/control-label';
import { controlClass } from '../../../components/control-class';

interface WhatFieldProps {
  id: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
}

/** The 'What' box of the provider searches (landing and results): free text, 100 characters. */
export function WhatField({ id, value, placeholder, onChange, onFocus }: WhatFieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <ControlLabel htmlFor={id}>{t('What')}</ControlLabel>
      <input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        className={controlClass()}
      />
    </div>
  );
}
