import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/alert.tsx';
import type { RemoteData } from '../../../../components/data-table/use-remote-data.ts';

/** Loading, failed and empty states of a report section; the content once there is some. */
export function ReportState({ remote, empty, emptyText, children }: { remote: RemoteData<unknown>; empty: boolean; emptyText: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (remote.status === 'loading') return <p className="sessions-loading" role="status">{t('Loading...')}</p>;
  if (remote.status === 'failed') return <Alert kind="error">{t('Request failed')}</Alert>;
  if (empty) return <p className="sessions-empty" data-testid="sessions-empty">{emptyText}</p>;
  return <>{children}</>;
}
