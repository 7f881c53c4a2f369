import './widgets.css';
import { useTranslation } from 'react-i18next';
import type { EntityFlags } from '../../lib/entity-sync.ts';
import { saveStateOf } from './widget-rules.ts';

/** The line under an editor whose fields save as they are typed, so nobody looks for a save button. */
export function SaveStatus({ flags, typed }: { flags: Pick<EntityFlags, 'busy' | 'modified' | 'error'>; typed: boolean }) {
  const { t } = useTranslation();
  const state = saveStateOf(flags, typed);
  const text = { idle: t('Changes are saved as you type.'), saving: t('Saving…'), failed: t('Request failed'), saved: t('Saved') }[state];
  return (
    <p className={`save-status save-status-${state}`} data-testid="save-status" data-state={state} role="status" aria-live="polite">
      {state === 'saving' && <span className="save-status-spinner" aria-hidden="true" />}
      {state === 'saved' && <span aria-hidden="true">✓ </span>}
      {text}
    </p>
  );
}

/**
 * The buttons of an editor of a settings tab's rows: a stored row's fields save as they are typed,
 * so it has the save status and Done (closing it); a new row is a draft, with Cancel and Save. Both
 * submit the editor's form.
 */
export function EditorActions({ typedInPlace, onCancel, saveDisabled }: { typedInPlace: { flags: Pick<EntityFlags, 'busy' | 'modified' | 'error'>; typed: boolean } | null; onCancel: () => void; saveDisabled: boolean }) {
  const { t } = useTranslation();
  if (typedInPlace) {
    return (
      <div className="modal-actions">
        <SaveStatus flags={typedInPlace.flags} typed={typedInPlace.typed} />
        <button type="submit" className="button-primary" data-testid="editor-done">
          {t('Done')}
        </button>
      </div>
    );
  }
  return (
    <div className="modal-actions">
      <button type="button" onClick={onCancel}>
        {t('Cancel')}
      </button>
      <button type="submit" className="button-primary" disabled={saveDisabled}>
        {t('Save')}
      </button>
    </div>
  );
}
