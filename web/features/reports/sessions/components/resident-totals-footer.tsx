import { useTranslation } from 'react-i18next';
import type { ResidentTotal } from '../../../../../schemas/api/usage-details.ts';
import { formatDuration } from '../../../../lib/format.ts';

/** Totals per resident under the detailed table (own data only); spans the table's ten columns. */
export function ResidentTotalsFooter({ totals }: { totals: ResidentTotal[] }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <>
      <tr className="resident-totals-head">
        <th colSpan={3}>{t('Resident')}</th>
        <th colSpan={2}>{t('Identification')}</th>
        <th>{t('Sessions')}</th>
        <th>{t('Plays')}</th>
        <th>{t('Length')}</th>
        <th colSpan={2}>{t('Session length')}</th>
      </tr>
      {totals.map((total) => (
        <tr key={total.residentId} data-testid="resident-total">
          <td colSpan={3}>{`${total.firstName} ${total.lastName}`.trim()}</td>
          <td colSpan={2}>{total.identification ?? ''}</td>
          <td>{total.sessionCount}</td>
          <td>{total.playCount}</td>
          <td>{formatDuration(total.length)}</td>
          <td colSpan={2}>{formatDuration(total.sessionLength)}</td>
        </tr>
      ))}
    </>
  );
}
