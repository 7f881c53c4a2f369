import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import { UploadButton } from '../../../components/upload-button/upload-button.tsx';
import { formatDateTime, formatLength } from '../../../lib/format.ts';
import { paths } from '../../../routes/paths.ts';
import { libraryAdminStore, loadFiles, loadLibraryAdmin, startEdit, startNew, toggleActive } from '../stores/library-admin-store.ts';
import { AppTaskList } from './app-task-list.tsx';
import { AudioFileForm } from './audio-file-form.tsx';
import './library-admin.css';

/**
 * /admin/library (issue 18 items 3 and 4): operators upload a sound (with its progress bar), file
 * it as an audio file with categories, priorities and artists, edit and deactivate files, read
 * their plays (from the usage warehouse), and watch the app tasks.
 */
export function LibraryAdminPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(libraryAdminStore);
  const files = libraryAdminStore.files;
  useEffect(() => {
    void loadLibraryAdmin();
  }, []);

  return (
    <section className="library-admin-page" data-testid="library-admin-page">
      <h2>{t('Content library')}</h2>
      <p>
        <Link href={paths.rebuild.href()}>{t('Report rebuild')}</Link>
      </p>
      {snap.problem && <Alert kind="error">{snap.problem}</Alert>}
      <div className="library-upload">
        <UploadButton label={t('Upload audio file')} onUploaded={(uploaded) => uploaded[0] && startNew(uploaded[0])} />
      </div>
      <AudioFileForm />
      <AppTaskList />
      <form
        className="library-search"
        onSubmit={(event) => {
          event.preventDefault();
          void loadFiles();
        }}
      >
        <input
          type="search"
          aria-label={t('Search audio files')}
          placeholder={t('Search audio files')}
          value={snap.query}
          onChange={(e) => (libraryAdminStore.query = e.target.value)}
        />
        <button type="submit">{t('Search')}</button>
        <span>{t('Audio files: {{total}}', { total: snap.totalCount })}</span>
      </form>
      <table className="library-files" data-testid="library-files">
        <thead>
          <tr>
            <th>{t('Name')}</th>
            <th>{t('Artist')}</th>
            <th>{t('Length')}</th>
            <th>{t('Categories')}</th>
            <th>{t('Plays')}</th>
            <th>{t('Last play')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.id} className={file.active ? undefined : 'inactive'} data-testid="library-file">
              <td>{file.name}</td>
              <td>{file.artist}</td>
              <td>{formatLength(file.length)}</td>
              <td>{file.categories.map((c) => `${c.name} (${c.priority})`).join(', ')}</td>
              <td>{file.playCount ?? '–'}</td>
              <td>{file.lastPlay ? formatDateTime(file.lastPlay) : '–'}</td>
              <td className="library-actions">
                <button type="button" onClick={() => startEdit(file)}>
                  {t('Edit')}
                </button>
                <button type="button" data-testid="toggle-active" onClick={() => void toggleActive(file)}>
                  {file.active ? t('Deactivate') : t('Activate')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
