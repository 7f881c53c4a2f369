import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { Logo } from '../../components/logo.tsx';
import { openTimingCalendar } from '../../components/timing-calendar/index.ts';
import { showModal } from '../../lib/modal-stack.ts';
import { paths, settingsGearTarget } from '../../routes/paths.ts';
import { registerLogoClick, shell } from './shell-store.ts';
import { NavLinks } from './nav-links-bar.tsx';
import { shellParts } from './shell-parts.ts';

export function TopBar({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { unreadCount, instructorMode } = useSnapshot(shell);
  const config = user.config;
  const parts = shellParts(user);
  const gear = parts.settingsGear ? settingsGearTarget(config) : null;
  return (
    <header className="top-bar">
      <div className="top-bar-row">
        <Logo swedish={config.mode === 'rikssvenska'} onClick={() => registerLogoClick(Date.now())} />
        <span className="organisation" data-testid="organisation">
          {user.organization ?? user.clientName ?? user.name}
        </span>
        {instructorMode && <span className="badge">{t('Instructor mode')}</span>}
        <div className="top-bar-actions">
          {parts.currentEvents && (
            <button type="button" className="icon-button" onClick={() => openTimingCalendar()} aria-label={t('Show Current Events')} title={t('Show Current Events')} data-testid="show-current-events">
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <rect x="3" y="5" width="18" height="16" rx="2" />
                <path d="M3 10h18M8 3v4M16 3v4" />
              </svg>
            </button>
          )}
          {parts.info && (
            <button type="button" className="icon-button" onClick={() => showModal('INFO', { html: user.uiParams.instructions?.Info ?? null, fileId: user.infoFileId })} aria-label={t('Info')} data-testid="info-button">
              <span aria-hidden="true">i</span>
            </button>
          )}
          {parts.messages && (
            <Link
              href={paths.messages.href()}
              className="icon-button messages-button"
              aria-label={t('{{count}} unread messages', { count: unreadCount })}
              title={t('{{count}} unread messages', { count: unreadCount })}
            >
              <span aria-hidden="true">✉</span>
              <span className="count" data-testid="unread-count">
                {unreadCount}
              </span>
            </Link>
          )}
          {user.operator && (
            <Link href={paths.adminConsole.href()} className="icon-button" aria-label={t('Operator console')} title={t('Operator console')} data-testid="admin-console-link">
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18v3h3l6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
              </svg>
            </Link>
          )}
          {gear && (
            <Link href={gear} className="icon-button" aria-label={t('Settings')}>
              <span aria-hidden="true">⚙</span>
            </Link>
          )}
        </div>
      </div>
      {parts.navigation && <NavLinks config={config} />}
    </header>
  );
}
