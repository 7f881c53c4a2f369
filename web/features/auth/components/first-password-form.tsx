import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { Logo } from '../../../components/logo.tsx';
import { logout, setFirstPassword } from '../stores/session-store.ts';
import { NewPasswordFields, passwordAcceptable } from './login-form.tsx';

/** After an invitation's login link: the new user chooses a password (typed twice), then the app opens. */
export function FirstPasswordForm({ firstName }: { firstName: string | null }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(!(await setFirstPassword(password)));
  };
  return (
    <main className="login-screen">
      <form className="login-form" onSubmit={(event) => void submit(event)} aria-label={t('Choose your password')}>
        <Logo />
        <h1 className="login-title">{firstName ? t('Welcome, {{name}}!', { name: firstName }) : t('Welcome!')}</h1>
        <p>{t('Choose a password. Next time you log in with your e-mail address and this password.')}</p>
        {failed && <Alert kind="error">{t('Failed to set the password.')}</Alert>}
        <NewPasswordFields password={password} again={again} onPassword={setPassword} onAgain={setAgain} />
        <button type="submit" className="button-primary" disabled={!passwordAcceptable(password, again)}>
          {t('Save password')}
        </button>
        <button type="button" className="button-link" onClick={() => void logout()}>
          {t('Logout')}
        </button>
      </form>
    </main>
  );
}
