import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { languages } from '../../../schemas/api/languages.ts';
import type { CurrentUser, Language } from '../../../schemas/api/user.ts';
import { FavoriteListSelector } from '../../features/favorites/components/favorite-list-selector.tsx';
import { putSetting } from '../../features/settings/api/put-setting.ts';
import { languageState, setLanguage } from '../../lib/i18n/i18n.ts';
import { showModal } from '../../lib/modal-stack.ts';
import { FooterCounts } from './footer-counts.tsx';
import { useFooterHtml } from './footer-text.ts';
import { shellParts } from './shell-parts.ts';

// Language names are written in their own language, so everyone can find theirs.
const languageNames: Record<Language, string> = { fin: 'Suomi', eng: 'English', swe: 'Svenska', swe2: 'Svenska (Sverige)' };

export function Footer({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const config = user.config;
  const parts = shellParts(user);
  const footerHtml = useFooterHtml(user);
  return (
    <footer className="footer">
      {parts.favoriteLists && <FavoriteListSelector user={user} />}
      <div className="footer-row">
        {parts.participationReport ? (
          <button
            type="button"
            className="link-button"
            data-testid="participation-report-link"
            onClick={() => showModal('RESIDENT_REPORT', { residentId: user.residentId, timeZone: user.timeZone })}
          >
            {t('Report')}
          </button>
        ) : (
          parts.counts && <FooterCounts user={user} />
        )}
        {footerHtml ? (
          <div className="footer-text" data-testid="footer-text" dangerouslySetInnerHTML={{ __html: footerHtml }} />
        ) : (
          <DefaultFooter social={config.mode !== 'rikssvenska'} />
        )}
        <LanguageSwitcher />
      </div>
    </footer>
  );
}

function DefaultFooter({ social }: { social: boolean }) {
  const { t } = useTranslation();
  return (
    <address className="default-footer">
      <strong>Sointu</strong> · {t('Customer service')}: <a href="mailto:tuki@sointu.example">tuki@sointu.example</a> ·{' '}
      <a href="tel:+358401234567">+358 40 123 4567</a>
      {social && (
        <>
          {' '}
          · <a href="https://www.facebook.com/">Facebook</a> · <a href="https://www.instagram.com/">Instagram</a>
        </>
      )}
    </address>
  );
}

function LanguageSwitcher() {
  const { t } = useTranslation();
  const { language } = useSnapshot(languageState);
  return (
    <div className="language-switcher">
      <label htmlFor="language">{t('Language')}</label>
      <select id="language" value={language} onChange={(e) => {
          const picked = languages.find((code) => code === e.target.value);
          if (!picked) return;
          setLanguage(picked).catch((error: unknown) => console.warn('Loading the texts failed', error));
          // Kept in the user's settings, so the next load (GET /api/) comes back in it.
          putSetting({ key: 'language', value: picked }).catch((error: unknown) => console.warn('Saving the language failed', error));
        }}>
        {languages.map((code) => (
          <option key={code} value={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
