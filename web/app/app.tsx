import { useEffect, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
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
  // After a logout the address returns to the root, so the next login starts at its root redirect,
  // not on the page the last user left. Only on leaving a session: a link opened before logging in
  // keeps its page. After the render: while the shell's router is still mounted it would redirect
  // the root away again.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'loggedIn' && status === 'loggedOut' && window.location.pathname !== '/') navigate('/');
    previous.current = status;
  }, [status]);
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
