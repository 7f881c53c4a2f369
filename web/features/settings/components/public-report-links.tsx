import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import { issueLink, loadPublicReportLinks, publicReportLinksStore, revokeLink } from '../stores/public-report-links-store.ts';

/**
 * Spec 3 sections 2 and 3, issue 17 item 6: an administrator with showPublicReport issues, shows
 * and revokes the public report link of each unit they administer.
 */
export function PublicReportLinks({ units }: { units: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const { links, busyId, failed } = useSnapshot(publicReportLinksStore);
  const ids = units.map((u) => u.id).join(',');
  useEffect(() => {
    void loadPublicReportLinks(units.map((u) => u.id));
    // Keyed by the ids, not the array: the parent builds a new one each render.
  }, [ids]);
  return (
    <section className="settings-form public-report-links" data-testid="public-report-links">
      <h2>{t('Public report links')}</h2>
      <p>{t("Anyone with the link sees the unit's public report. A new link replaces the old one, which stops working.")}</p>
      {failed && <Alert kind="error">{t('Request failed')}</Alert>}
      <table className="public-report-links-table">
        <tbody>
          {units.map((unit) => {
            const link = links[unit.id];
            return (
              <tr key={unit.id} data-testid={`public-report-link-${unit.id}`}>
                <th scope="row">{unit.name}</th>
                <td className="public-report-link-address">
                  {link?.link ? (
                    <a href={link.link} target="_blank" rel="noreferrer" data-testid="public-report-link-address">
                      {link.link}
                    </a>
                  ) : (
                    <span className="muted">{link ? t('No link') : t('Loading...')}</span>
                  )}
                </td>
                <td className="public-report-link-actions">
                  <button type="button" disabled={!link || busyId !== null} data-testid="public-report-link-issue" onClick={() => void issueLink(unit.id, t('Link created'))}>
                    {link?.link ? t('New link') : t('Create link')}
                  </button>
                  {link?.link && (
                    <button type="button" disabled={busyId !== null} data-testid="public-report-link-revoke" onClick={() => void revokeLink(unit.id, t('Link removed'))}>
                      {t('Remove link')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
