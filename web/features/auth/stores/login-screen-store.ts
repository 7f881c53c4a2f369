import { proxy } from 'valtio';
import { ApiError } from '../../../lib/api-client.ts';
import { withLoading } from '../../../lib/loading.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { postResetPassword, postSendPasswordResetEmail } from '../api/password-reset.ts';

// The login screen's modes (spec 1 section 4, spec 3 section 4): password-login;
// send-password-reset (ask for a reset mail) then login-email-sent; reset-password (code and new
// password typed twice) then back to password-login. A reset link from the mail opens
// reset-password with the name and code filled in, the code hidden (hidePasswordResetCode).

export type LoginMode = 'password-login' | 'send-password-reset' | 'login-email-sent' | 'reset-password';

export const loginScreen = proxy<{
  mode: LoginMode;
  userName: string;
  passwordResetCode: string;
  hidePasswordResetCode: boolean;
  /** The danger message of the last request, as its English key. */
  error: string | null;
}>({ mode: 'password-login', userName: '', passwordResetCode: '', hidePasswordResetCode: false, error: null });

export function showLoginMode(mode: LoginMode): void {
  loginScreen.mode = mode;
  loginScreen.error = null;
  if (mode !== 'reset-password') {
    loginScreen.passwordResetCode = '';
    loginScreen.hidePasswordResetCode = false;
  }
}

/** The mail's reset link (start-up parameters resetUser and resetCode). */
export function openResetLink(userName: string, code: string): void {
  loginScreen.mode = 'reset-password';
  loginScreen.userName = userName;
  loginScreen.passwordResetCode = code;
  loginScreen.hidePasswordResetCode = true;
  loginScreen.error = null;
}

export async function requestPasswordReset(userNameOrEmail: string): Promise<void> {
  loginScreen.error = null;
  try {
    await withLoading(() => postSendPasswordResetEmail(userNameOrEmail));
    loginScreen.userName = userNameOrEmail;
    loginScreen.mode = 'login-email-sent';
    pushToast(i18n.t('Password reset email successfully requested!'));
  } catch {
    loginScreen.error = 'Failed to request password reset email.';
  }
}

export async function resetPassword(request: { userNameOrEmail: string; passwordResetCode: string; password: string }): Promise<void> {
  loginScreen.error = null;
  try {
    await withLoading(() => postResetPassword(request));
    showLoginMode('password-login');
    loginScreen.userName = request.userNameOrEmail;
    pushToast(i18n.t('Password successfully reset!'));
  } catch (error) {
    const codeInvalid = error instanceof ApiError && error.kind === 'ValidationError' && JSON.stringify(error.details ?? '').includes('passwordResetCode');
    if (codeInvalid) loginScreen.hidePasswordResetCode = false;
    loginScreen.error = codeInvalid ? 'Password reset code invalid.' : 'Failed to reset password.';
  }
}
