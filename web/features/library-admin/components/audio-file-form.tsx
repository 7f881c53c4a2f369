import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatLength } from '../../../lib/format.ts';
import { cancelDraft, libraryAdminStore, saveDraft } from '../stores/library-admin-store.ts';

/**
 * The form of a new audio file (after its upload) or of one being edited: name, type, credit,
 * categories each with its priority (the highest is the file's main category in reports) and
 * linked artists. Writes straight into the store's draft; Save sends it.
 */
export function AudioFileForm() {
  const { t } = useTranslation();
  const snap = useSnapshot(libraryAdminStore);
  const draft = libraryAdminStore.draft;
  const shown = snap.draft;
  if (!draft || !shown) return null;
  const fields = draft.fields;
  const categories = fields.categories ?? (fields.categories = []);
  const artistIds = fields.artistIds ?? (fields.artistIds = []);
  const chosen = (categoryId: number) => (shown.fields.categories ?? []).find((c) => c.categoryId === categoryId);

  return (
    <form
      className="library-form"
      data-testid="audio-file-form"
      onSubmit={(event) => {
        event.preventDefault();
        void saveDraft();
      }}
    >
      <h3>{shown.kind === 'new' ? t('New audio file') : t('Edit audio file')}</h3>
      {shown.kind === 'new' && (
        <p data-testid="uploaded-file">
          {t('Uploaded file')}: {shown.upload.name}
          {shown.upload.length !== undefined ? ` (${formatLength(shown.upload.length)})` : ''}
        </p>
      )}
      <label>
        {t('Name')}
        <input data-testid="audio-file-name" value={shown.fields.name} required maxLength={200} onChange={(e) => (fields.name = e.target.value)} />
      </label>
      <label>
        {t('Type')}
        <select value={shown.fields.type ?? 'MusicPiece'} onChange={(e) => (fields.type = e.target.value as 'MusicPiece' | 'AudioProgram')}>
          <option value="MusicPiece">{t('Music piece')}</option>
          <option value="AudioProgram">{t('Audio program')}</option>
        </select>
      </label>
      <label>
        {t('Artist')}
        <input value={shown.fields.artist ?? ''} maxLength={200} onChange={(e) => (fields.artist = e.target.value)} />
      </label>
      <fieldset data-testid="audio-file-categories">
        <legend>{t('Categories and priorities')}</legend>
        {snap.choices.categories.map((category) => {
          const choice = chosen(category.id);
          return (
            <div key={category.id} className="library-choice">
              <label>
                <input
                  type="checkbox"
                  checked={!!choice}
                  onChange={(e) => {
                    const at = categories.findIndex((c) => c.categoryId === category.id);
                    if (e.target.checked && at < 0) categories.push({ categoryId: category.id, priority: 0 });
                    if (!e.target.checked && at >= 0) categories.splice(at, 1);
                  }}
                />
                {category.name}
              </label>
              {choice && (
                <input
                  type="number"
                  aria-label={t('Priority of {{name}}', { name: category.name })}
                  value={choice.priority ?? 0}
                  onChange={(e) => {
                    const target = categories.find((c) => c.categoryId === category.id);
                    if (target) target.priority = Number(e.target.value) || 0;
                  }}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <fieldset data-testid="audio-file-artists">
        <legend>{t('Artists')}</legend>
        {snap.choices.artists.map((artist) => (
          <label key={artist.id} className="library-choice">
            <input
              type="checkbox"
              checked={(shown.fields.artistIds ?? []).includes(artist.id)}
              onChange={(e) => {
                const at = artistIds.indexOf(artist.id);
                if (e.target.checked && at < 0) artistIds.push(artist.id);
                if (!e.target.checked && at >= 0) artistIds.splice(at, 1);
              }}
            />
            {artist.name}
          </label>
        ))}
      </fieldset>
      <div className="library-actions">
        <button type="submit" data-testid="save-audio-file" disabled={snap.saving}>
          {t('Save')}
        </button>
        <button type="button" onClick={cancelDraft}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
