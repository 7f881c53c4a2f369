import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { resultsCountOptions } from '../../../../schemas/api/settings.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { ChangePasswordModal } from '../../../components/change-password-modal.tsx';
import { pushToast } from '../../../lib/toast-queue.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { paths } from '../../../routes/paths.ts';
import { loadSettings, saveSetting, settingsStore } from '../stores/settings-store.ts';

type Tab = 'settings' | 'residents' | 'activities' | 'users';

// Spec 3 section 2: the settings area's tabs depend on the user's flags.
function tabsFor(config: UserConfig): Array<{ label: string; href: string; tab?: Tab }> {
  const tabs: Array<{ label: string; href: string; tab?: Tab; on: boolean }> = [
    { label: 'Settings', href: paths.settings.href(), tab: 'settings', on: config.settings },
    { label: 'Residents', href: paths.residents.href(), tab: 'residents', on: config.canCreateResidents },
    { label: 'Reports', href: paths.reports.href(), on: config.usageReport },
    { label: 'Activities', href: paths.activities.href(), tab: 'activities', on: config.canCreateActivities },
    { label: 'User Management', href: paths.users.href(), tab: 'users', on: config.userAdmin && config.showAccountManagement },
  ];
  return tabs.filter((tab) => tab.on);
}

/**
 * The settings area: its tab bar and, on the settings tab, the settings form. The residents and
 * activities tabs belong to their own features; the app composes them in as `children`.
 */
export function SettingsPage({ config, userId, tab, children }: { config: UserConfig; userId?: number; tab: Tab; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="settings-area">
      <nav className="tabs" aria-label={t('Settings')}>
        {tabsFor(config).map((entry) => (
          <Link key={entry.href} href={entry.href} className={entry.tab === tab ? 'tab active' : 'tab'}>
            {t(entry.label)}
          </Link>
        ))}
        <button type="button" className="tab tab-logout" onClick={() => showModal('LOGOUT')}>
          {t('Logout')}
        </button>
      </nav>
      {tab === 'settings' ? <SettingsForm passwordChangeFor={config.passwordChange ? userId : undefined} /> : children}
    </section>
  );
}

function SettingsForm({ passwordChangeFor }: { passwordChangeFor?: number }) {
  const { t } = useTranslation();
  const { values, loaded, busyKey, failed } = useSnapshot(settingsStore);
  const [changingPassword, setChangingPassword] = useState(false);
  useEffect(() => {
    void loadSettings();
  }, []);
  return (
    <>
      <form className="settings-form" onSubmit={(e) => e.preventDefault()}>
        <h2>{t('Settings')}</h2>
        {failed && <Alert kind="error">{t('Request failed')}</Alert>}
        <Row label={t('Results per page')} htmlFor="resultsCount">
          <select
            id="resultsCount"
            name="resultsCount"
            disabled={!loaded || busyKey === 'resultsCount'}
            value={values.resultsCount ?? '20'}
            onChange={(e) => void saveSetting('resultsCount', e.target.value, t('Settings saved'))}
          >
            {resultsCountOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Row>
        {/* Spec 3 section 2: the password change, with passwordChange; it keeps this session and ends the others. */}
        {passwordChangeFor !== undefined && (
          <Row label={t('Password')} htmlFor="changePassword">
            <button type="button" id="changePassword" data-testid="change-own-password" onClick={() => setChangingPassword(true)}>
              {t('Change password')}
            </button>
          </Row>
        )}
      </form>
      {changingPassword && passwordChangeFor !== undefined && (
        <ChangePasswordModal userId={passwordChangeFor} onClose={() => setChangingPassword(false)} onChanged={() => pushToast(t('Password changed'))} />
      )}
    </>
  );
}

function Row({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="form-row">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}
