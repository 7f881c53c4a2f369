import './widgets.css';
import { useTranslation } from 'react-i18next';

/** A yes/no radio pair (spec 1 section 2): null chooses neither. */
export function YesNoRadio({ name, label, value, onChange, disabled }: { name: string; label: string; value: boolean | null; onChange: (value: boolean) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="yes-no-radio" data-testid={`yes-no-${name}`} disabled={disabled}>
      <legend>{label}</legend>
      <label>
        <input type="radio" name={name} value="yes" checked={value === true} onChange={() => onChange(true)} />
        {t('Yes')}
      </label>
      <label>
        <input type="radio" name={name} value="no" checked={value === false} onChange={() => onChange(false)} />
        {t('No')}
      </label>
    </fieldset>
  );
}
