import './widgets.css';
import { useRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Called after a clear, e.g. to search again with an empty query. */
  onClear?: () => void;
};

/** A text input with a button that empties it (spec 1 section 2); the focus stays in the field. */
export function ClearableInput({ value, onChange, onClear, className, ...rest }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className={`clearable-input ${className ?? ''}`.trim()}>
      <input ref={input} {...rest} value={value} onChange={(e) => onChange(e.target.value)} />
      {value !== '' && (
        <button
          type="button"
          className="clearable-input-clear"
          aria-label={t('Clear')}
          title={t('Clear')}
          data-testid="clear-input"
          onClick={() => {
            onChange('');
            onClear?.();
            input.current?.focus();
          }}
        >
          ×
        </button>
      )}
    </span>
  );
}
