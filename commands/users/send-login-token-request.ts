import { Done, SendLoginTokenRequest } from '../../schemas/api/invitations.ts';
import { accessDenied, validationError } from '../../infra/errors.ts';
import { loginLinkMail } from '../../infra/mail/templates.ts';
import { Language } from '../../schemas/api/user.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { issueLoginToken, loginLinkOf, requireMailer, sendMail } from './mail-links.ts';

// send-login-token {userId} (spec 3 sections 6 and 7, 'Send login link'): an administrator of the
// user mails them a new login link (7 days; any earlier link stops working). The user table shows
// its expiry as 'Link Expires'. A user one does not administer is AccessDenied, like every
// administrator's action on an account (DOMAIN.md section 4).

export const sendLoginTokenRequest = typedRequest({
  permission: 'An administrator of the user.',
  effect: 'Mails the user a new login link (7 days); any earlier link stops working.',
  body: SendLoginTokenRequest,
  result: Done,
  async handle(request, body) {
    const { userId: callerId } = requireUser(request);
    const { sql, now } = request.server.deps;
    const [user] = await sql.query<{ id: number; email: string | null; first_name: string | null; name: string; language: string; time_zone: string | null }>(
      `SELECT u.id, u.email, u.first_name, u.name, u.language, u.config ->> 'timeZone' AS time_zone
       FROM users u JOIN user_admins a ON a.user_id = u.id AND a.admin_user_id = $2
       WHERE u.id = $1 AND u.active`,
      [body.userId, callerId],
    );
    if (!user) throw accessDenied();
    if (!user.email) throw validationError([{ path: 'body.userId', message: 'The user has no e-mail address' }]);
    const mailer = requireMailer(request);
    const email = user.email;
    await sql.transaction(async (tx) => {
      const { token, expires } = await issueLoginToken(tx, Number(user.id), now());
      const language = Language.catch('fin').parse(user.language);
      await sendMail(request, mailer, loginLinkMail({ to: email, language, name: user.first_name || user.name, link: loginLinkOf(request, token), expires, timeZone: user.time_zone ?? 'Europe/Helsinki' }));
    });
    return {};
  },
});
