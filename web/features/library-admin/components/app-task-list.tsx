import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../lib/format.ts';
import { libraryAdminStore, loadTasks } from '../stores/library-admin-store.ts';

const statusText = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' } as const;

/** The latest app tasks with their status and progress; refreshed every two seconds while any is unfinished. */
export function AppTaskList() {
  const { t } = useTranslation();
  const snap = useSnapshot(libraryAdminStore);
  const tasks = libraryAdminStore.tasks;
  const unfinished = snap.tasks.some((task) => task.status === 'queued' || task.status === 'running');
  useEffect(() => {
    if (!unfinished) return;
    const timer = setInterval(() => void loadTasks(), 2000);
    return () => clearInterval(timer);
  }, [unfinished]);

  return (
    <section className="library-tasks" data-testid="app-tasks">
      <h3>{t('App tasks')}</h3>
      {tasks.length === 0 ? (
        <p>{t('No app tasks')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{t('Time')}</th>
              <th>{t('Task')}</th>
              <th>{t('Status')}</th>
              <th>{t('Progress')}</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task.id} data-testid="app-task">
                <td>{formatDateTime(task.time)}</td>
                <td>{task.kind}</td>
                <td title={task.error ?? undefined}>{t(statusText[task.status])}</td>
                <td>
                  <progress max={1} value={task.progress} aria-label={t('Progress')} /> {Math.round(task.progress * 100)} %
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
