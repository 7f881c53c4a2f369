import { guardLogin } from '../../server/http/login-limits.ts';
import { newSessionToken, startSession } from '../../infra/auth/sessions.ts';
import { unauthorized } from '../../infra/errors.ts';
import { setSessionCookie } from '../../server/http/auth.ts';
import { signSessionJwt, type Session } from '../../infra/auth/session.ts';
import type { App } from '../../server/http/zod.ts';
import { PublicReportTokenLoginRequest, PublicReportTokenLoginResult } from '../../schemas/api/public-usage.ts';

// POST /api/publicReportTokenLogin {token}: the public report link's rtoken (spec 3 section 7).
// The session carries publicReport, so requireUser refuses it everywhere but the public report;
// like every session it is a server-side row (kind 'public-report') that logout ends. Failed
// tries lock the address out for a while (server/http/login-limits.ts).
// It neither takes playback over (last_session_token stays) nor is logged as a LoggedIn: the
// token may belong to the unit itself, whose own session must not be displaced by a visitor.

export function publicReportTokenLoginRoute(app: App): void {
  app.post('/api/publicReportTokenLogin', { schema: { body: PublicReportTokenLoginRequest, response: { 200: PublicReportTokenLoginResult } } }, (request, reply) =>
    guardLogin(request, reply, null, async () => {
      const { sql, config, now } = app.deps;
      const [user] = await sql.query<{ id: number; public_report_user_id: number | null }>(
        'SELECT id, public_report_user_id FROM users WHERE public_report_token_code = $1 AND active',
        [request.body.token],
      );
      if (!user) throw unauthorized('Login failed');
      const loginTime = now();
      const session: Session = {
        userId: Number(user.id),
        sessionToken: newSessionToken(),
        admin: false,
        publicReport: true,
        loginTime: loginTime.toISOString(),
      };
      await startSession(sql, { token: session.sessionToken, userId: session.userId, kind: 'public-report', at: loginTime });
      setSessionCookie(request, reply, session);
      const publicReportUserId = user.public_report_user_id == null ? Number(user.id) : Number(user.public_report_user_id);
      return { publicReportUserId, ...(request.body.jwt ? { jwt: await signSessionJwt(session, config.jwtSecret, loginTime) } : {}) };
    }),
  );
}
