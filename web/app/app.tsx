import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ModalHost } from '../components/modal-host.tsx';
import { SpinnerMask } from '../components/spinner-mask.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { FirstPasswordForm } from '../features/auth/components/first-password-form.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { session } from '../features/auth/stores/session-store.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { modalRegistry } from './modals.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';
import { runStartup } from './startup.ts';

export function App() {
  const snap = useSnapshot(session);
  const status = snap.status;
  // The user is held as a valtio ref (never proxied): reading snap.user subscribes to changes, and
  // the store's object is the same, mutable-typed one.
  const user = snap.user ? session.user : null;
  useEffect(() => {
    void runStartup();
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      {status === 'loggedIn' && user ? (
        snap.needsPassword ? <FirstPasswordForm firstName={user.firstName} /> : <ShellLayout user={user} />
      ) : status === 'loggedOut' ? (
        <LoginForm />
      ) : null}
      <ModalHost registry={modalRegistry} />
      <ToastHost />
      <SpinnerMask />
    </I18nextProvider>
  );
}
