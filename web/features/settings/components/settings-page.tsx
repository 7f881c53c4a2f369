import { YesNoRadio } from '../../../components/widgets/yes-no-radio.tsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { resultsCountOptions } from '../../../../schemas/api/setting-defaults.ts';
import type { PutSettingRequest } from '../../../../schemas/api/settings.ts';
import type { UserConfig } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { ChangePasswordModal } from '../../../components/change-password-modal.tsx';
import { pushToast } from '../../../lib/toast-queue.ts';
import { showModal } from '../../../lib/modal-stack.ts';
import { paths } from '../../../routes/paths.ts';
import { loadSettings, saveSetting, settingsStore } from '../stores/settings-store.ts';
import { DelayedPuts } from '../../../lib/entity-sync.ts';
import { PublicReportLinks } from './public-report-links.tsx';
import { TopicalFile } from './topical-file.tsx';
import './settings.css';

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
export function SettingsPage({
  config,
  userId,
  tab,
  children,
  administeredUnits = [],
}: {
  config: UserConfig;
  userId?: number;
  tab: Tab;
  children?: ReactNode;
  /** The users the viewer administers: with showPublicReport, their public report links are managed here. */
  administeredUnits?: readonly { id: number; name: string }[];
}) {
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
      {tab === 'settings' ? (
        <>
          <SettingsForm passwordChangeFor={config.passwordChange ? userId : undefined} />
          {config.showPublicReport && administeredUnits.length > 0 && <PublicReportLinks units={administeredUnits} />}
          {config.showUploadTopicalFile && config.userAdmin && administeredUnits.length > 0 && <TopicalFile units={administeredUnits} />}
        </>
      ) : (
        children
      )}
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
        {/* Spec 3 sections 2 and 3: the month's session target a report starts with. */}
        <Row label={t('Session target per month')} htmlFor="sessionTargetCount">
          <SessionTargetInput stored={values.sessionTargetCount} disabled={!loaded} savedText={t('Settings saved')} />
        </Row>
        {/* A yes/no pair (spec 1's shared widget): with neither chosen the server's default holds. */}
        <YesNoRadio
          name="oneClickAutoPlay"
          label={t('Play with one click')}
          value={values.oneClickAutoPlay === undefined ? null : values.oneClickAutoPlay === 'true'}
          disabled={!loaded || busyKey === 'oneClickAutoPlay'}
          onChange={(on) => void saveSetting('oneClickAutoPlay', String(on), t('Settings saved'))}
        />
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

/** The server takes whole numbers 0 to 100 (spec 3 section 5: targets 0 to 100). */
const validTarget = (value: string) => /^(100|[1-9]?[0-9])$/.test(value);

/** Typing stops for 500 ms: the newest valid value is saved (spec 1 section 4's delayed put). */
const typedSettings = new DelayedPuts<PutSettingRequest['key'], { value: string; savedText: string }>((key, { value, savedText }) => void saveSetting(key, value, savedText));

/**
 * The session target is saved as it is typed, through the shared delayed put (web/lib/entity-sync.ts),
 * so no save button and no need to leave the field. What is typed stays the field's own while it has
 * focus, so a save arriving mid-typing neither moves the caret nor disables the field; an invalid
 * value is never sent and goes back to the last valid one when the field is left.
 */
function SessionTargetInput({ stored, disabled, savedText }: { stored: string | undefined; disabled: boolean; savedText: string }) {
  const [typed, setTyped] = useState<string | null>(null);
  // The last valid value typed here: what was (or is about to be) saved, shown again when an
  // invalid value is left in the field.
  const lastValid = useRef<string | null>(null);
  return (
    <input
      type="number"
      id="sessionTargetCount"
      name="sessionTargetCount"
      min={0}
      max={100}
      step={1}
      value={typed ?? stored ?? ''}
      disabled={disabled}
      data-testid="setting-session-target-count"
      onChange={(e) => {
        const value = e.target.value.trim();
        setTyped(e.target.value);
        if (validTarget(value)) {
          lastValid.current = value;
          typedSettings.put('sessionTargetCount', { value, savedText });
        } else typedSettings.cancel('sessionTargetCount');
      }}
      onBlur={() => {
        typedSettings.flush('sessionTargetCount');
        setTyped(lastValid.current);
      }}
    />
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
