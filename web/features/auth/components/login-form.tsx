import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Alert } from '../../../components/alert.tsx';
import { Logo } from '../../../components/logo.tsx';
import { login, session } from '../stores/session-store.ts';

export function LoginForm() {
  const { t } = useTranslation();
  const { loginFailed, lockedOutMinutes, contractAlert } = useSnapshot(session);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login(username, password);
  };

  return (
    <main className="login-screen">
      <form className="login-form" onSubmit={submit} aria-label={t('Login')}>
        <Logo />
        {loginFailed && <Alert kind="error">{t('Login failed')}</Alert>}
        {lockedOutMinutes !== null && (
          <Alert kind="error" testId="login-locked-out">
            {t('Too many failed logins. Try again in {{count}} minutes.', { count: lockedOutMinutes })}
          </Alert>
        )}
        {contractAlert && <Alert kind="error">{t(contractAlert.key, contractAlert.values)}</Alert>}
        <label>
          {t('Username')}
          <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          {t('Password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="button-primary">
          {t('Login')}
        </button>
      </form>
    </main>
  );
}
