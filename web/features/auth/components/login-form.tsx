import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { minPasswordLength } from '../../../../schemas/api/password-rules.ts';
import { Alert } from '../../../components/alert.tsx';
import { Logo } from '../../../components/logo.tsx';
import { HideShowToggle } from '../../../components/widgets/hide-show-toggle.tsx';
import { loginScreen, requestPasswordReset, resetPassword, showLoginMode } from '../stores/login-screen-store.ts';
import { login, session } from '../stores/session-store.ts';

/** Spec 3 section 5: a new password is long enough (schemas/api/password-rules.ts) and typed twice. */
export const passwordAcceptable = (password: string, again: string): boolean => password.length >= minPasswordLength && password === again;

export function LoginForm() {
  const { mode } = useSnapshot(loginScreen);
  if (mode === 'send-password-reset') return <SendPasswordResetForm />;
  if (mode === 'login-email-sent') return <LoginEmailSent />;
  if (mode === 'reset-password') return <ResetPasswordForm />;
  return <PasswordLoginForm />;
}

function PasswordLoginForm() {
  const { t } = useTranslation();
  const { loginFailed, lockedOutMinutes, contractAlert } = useSnapshot(session);
  const [username, setUsername] = useState(loginScreen.userName);
  const [password, setPassword] = useState('');
  // Spec 1 section 4, "admin password": an administrator helps a unit by logging into it with their
  // own password (the session gets the admin flag: no play logging, no single-login checks). Folded
  // away by default, since nearly every login is a plain one; folding it away again drops the name,
  // so what is sent is always what the screen shows.
  const [adminUsername, setAdminUsername] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void login(username, password, adminUsername?.trim() || undefined);
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
        <HideShowToggle label={t('Login with an administrator password')} testId="admin-password-login" onShownChange={(shown) => setAdminUsername(shown ? '' : null)}>
          <label>
            {t('Administrator user name')}
            <input name="adminUsername" autoComplete="off" value={adminUsername ?? ''} onChange={(e) => setAdminUsername(e.target.value)} required />
          </label>
          <p className="login-note">{t('Type the user name of the unit above and your own password as the password. Plays are not logged.')}</p>
        </HideShowToggle>
        <button type="submit" className="button-primary">
          {t('Login')}
        </button>
        <button type="button" className="button-link" onClick={() => showLoginMode('send-password-reset')}>
          {t('Forgot your password?')}
        </button>
      </form>
    </main>
  );
}

function SendPasswordResetForm() {
  const { t } = useTranslation();
  const { error } = useSnapshot(loginScreen);
  const [userNameOrEmail, setUserNameOrEmail] = useState(loginScreen.userName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void requestPasswordReset(userNameOrEmail.trim());
  };
  return (
    <main className="login-screen">
      <form className="login-form" onSubmit={submit} aria-label={t('Reset password')}>
        <Logo />
        <h1 className="login-title">{t('Reset password')}</h1>
        <p>{t('Type your user name or e-mail address. We will mail you a code for a new password.')}</p>
        {error && <Alert kind="error">{t(error)}</Alert>}
        <label>
          {t('User name or e-mail address')}
          <input name="userNameOrEmail" autoComplete="username" value={userNameOrEmail} onChange={(e) => setUserNameOrEmail(e.target.value)} required />
        </label>
        <button type="submit" className="button-primary">
          {t('Send code')}
        </button>
        <button type="button" className="button-link" onClick={() => showLoginMode('reset-password')}>
          {t('I have a code')}
        </button>
        <button type="button" className="button-link" onClick={() => showLoginMode('password-login')}>
          {t('Back to login')}
        </button>
      </form>
    </main>
  );
}

function LoginEmailSent() {
  const { t } = useTranslation();
  return (
    <main className="login-screen">
      <div className="login-form" role="status">
        <Logo />
        <h1 className="login-title">{t('Check your e-mail')}</h1>
        <p>{t('If the account has an e-mail address, a password reset code is on its way. The code is valid for one hour.')}</p>
        <button type="button" className="button-primary" onClick={() => showLoginMode('reset-password')}>
          {t('Enter the code')}
        </button>
        <button type="button" className="button-link" onClick={() => showLoginMode('password-login')}>
          {t('Back to login')}
        </button>
      </div>
    </main>
  );
}

function ResetPasswordForm() {
  const { t } = useTranslation();
  const { error, hidePasswordResetCode } = useSnapshot(loginScreen);
  const [userNameOrEmail, setUserNameOrEmail] = useState(loginScreen.userName);
  const [code, setCode] = useState(loginScreen.passwordResetCode);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void resetPassword({ userNameOrEmail: userNameOrEmail.trim(), passwordResetCode: code.trim(), password });
  };
  return (
    <main className="login-screen">
      <form className="login-form" onSubmit={submit} aria-label={t('Reset password')}>
        <Logo />
        <h1 className="login-title">{t('Reset password')}</h1>
        {error && <Alert kind="error">{t(error)}</Alert>}
        <label>
          {t('User name or e-mail address')}
          <input name="userNameOrEmail" autoComplete="username" value={userNameOrEmail} onChange={(e) => setUserNameOrEmail(e.target.value)} required />
        </label>
        {!hidePasswordResetCode && (
          <label>
            {t('Password reset code')}
            <input name="passwordResetCode" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required />
          </label>
        )}
        <NewPasswordFields password={password} again={again} onPassword={setPassword} onAgain={setAgain} />
        <button type="submit" className="button-primary" disabled={!passwordAcceptable(password, again)}>
          {t('Reset password')}
        </button>
        <button type="button" className="button-link" onClick={() => showLoginMode('password-login')}>
          {t('Back to login')}
        </button>
      </form>
    </main>
  );
}

export function NewPasswordFields(props: { password: string; again: string; onPassword: (value: string) => void; onAgain: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('New password')}
        <input name="newPassword" type="password" autoComplete="new-password" value={props.password} onChange={(e) => props.onPassword(e.target.value)} required />
      </label>
      <label>
        {t('New password again')}
        <input name="newPasswordAgain" type="password" autoComplete="new-password" value={props.again} onChange={(e) => props.onAgain(e.target.value)} required />
      </label>
      {props.password.length > 0 && props.password.length < minPasswordLength && <p className="login-hint">{t('At least {{count}} characters', { count: minPasswordLength })}</p>}
      {props.again.length > 0 && props.password !== props.again && <p className="login-hint">{t('The passwords differ.')}</p>}
    </>
  );
}
