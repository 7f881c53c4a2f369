import { InviteUserRequest, InviteUserResult } from '../../schemas/api/invitations.ts';
import { accessDenied, validationError } from '../../infra/errors.ts';
import { invitationMail } from '../../infra/mail/templates.ts';
import { loadUser, userDisplayNameSql } from '../../infra/users/user-repository.ts';
import { requireUser } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { insertAuditedRow } from '../reference-data/audited-row.ts';
import { issueLoginToken, loginLinkOf, requireMailer, sendMail } from './mail-links.ts';

// invite-user {firstName, lastName, email, defaultMessageRecipientName, residentId, language}
// (spec 3 section 7, spec 2 section 7; issue 17 deliverable 2). A user with canInviteUsers invites a
// relative of a resident of a unit they administer (or of their own unit; with no resident, the
// inviter's own account stands for the unit). In one transaction: the
// user (login name = the e-mail address, insertedBy the inviter), the inviter's adminOfUsers, the
// resident's unit as the relative's default recipient (named defaultMessageRecipientName) and as a
// receiver both ways (with the unit's group), a login link (7 days), and the invitation mail in the
// relative's language as the last step: a mail that cannot be sent leaves no user behind. The
// relative chooses a password after opening the link (POST /api/first-password).

const emailTaken = () => validationError([{ path: 'body.email', message: 'A user with this e-mail address or user name already exists' }]);

/** Flags of an invited relative that differ from the defaults: what the demo relative has. */
const invitedConfig = { betweenFamilies: true, msgs: true };

export const inviteUserRequest = typedRequest({
  permission: 'A logged-in user whose config has canInviteUsers, for a resident of a unit they administer or of their own unit.',
  effect: "Creates the relative's account, makes the inviter its administrator and the unit its default message recipient, and mails a login link (7 days).",
  body: InviteUserRequest,
  result: InviteUserResult,
  async handle(request, body) {
    const { userId: inviterId } = requireUser(request);
    const { sql, now } = request.server.deps;
    const inviter = await loadUser(sql, inviterId);
    if (!inviter?.config.canInviteUsers) throw accessDenied();
    const mailer = requireMailer(request);
    type Unit = { unit_id: number; user_group_id: number | null; time_zone: string | null };
    const [unit] =
      body.residentId === null
        ? await sql.query<Unit>(`SELECT id AS unit_id, user_group_id, config ->> 'timeZone' AS time_zone FROM users WHERE id = $1`, [inviterId])
        : await sql.query<Unit>(
            `SELECT r.user_id AS unit_id, u.user_group_id, u.config ->> 'timeZone' AS time_zone
             FROM residents r JOIN users u ON u.id = r.user_id
             WHERE r.id = $1 AND r.active AND u.active
               AND (r.user_id = $2 OR EXISTS (SELECT 1 FROM user_admins a WHERE a.admin_user_id = $2 AND a.user_id = r.user_id))`,
            [body.residentId, inviterId],
          );
    if (!unit) throw validationError([{ path: 'body.residentId', message: 'No such resident in the units you administer' }]);
    const unitId = Number(unit.unit_id);
    const at = now();
    try {
      return await sql.transaction(async (tx) => {
        const taken = await tx.query('SELECT 1 FROM users WHERE name = $1 OR lower(email) = $1 LIMIT 1', [body.email]);
        if (taken.length > 0) throw emailTaken();
        const user = await insertAuditedRow<{ id: number }>(
          tx,
          'users',
          {
            name: body.email,
            email: body.email,
            first_name: body.firstName,
            last_name: body.lastName,
            language: body.language,
            organization: inviter.organization,
            config: JSON.stringify(invitedConfig),
            resident_id: body.residentId,
            inserted_by_user_id: inviterId,
          },
          inviterId,
          'invite-user',
        );
        const userId = Number(user.id);
        // Every row audited like the user's (DOMAIN.md section 1); the user is new, so none exists yet.
        const audited = (table: string, values: Record<string, number | string>) => insertAuditedRow(tx, table, values, inviterId, 'invite-user');
        await audited('user_admins', { admin_user_id: inviterId, user_id: userId });
        await audited('default_message_recipients', { src_user_id: userId, dst_user_id: unitId, recipient_name: body.defaultMessageRecipientName });
        await audited('message_receivers', { user_id: userId, receiver_user_id: unitId });
        await audited('message_receivers', { user_id: unitId, receiver_user_id: userId });
        if (unit.user_group_id != null) await audited('message_receiver_groups', { user_id: userId, user_group_id: Number(unit.user_group_id) });
        const { token, expires } = await issueLoginToken(tx, userId, at);
        const [named] = await tx.query<{ name: string }>(`SELECT ${userDisplayNameSql} AS name FROM users WHERE id = $1`, [inviterId]);
        await sendMail(
          request,
          mailer,
          invitationMail({ to: body.email, language: body.language, name: body.firstName, inviter: named?.name ?? inviter.name, link: loginLinkOf(request, token), expires, timeZone: unit.time_zone ?? 'Europe/Helsinki' }),
        );
        return { userId };
      });
    } catch (error) {
      // Two invitations of one address at once: the second meets the first's unique name.
      if ((error as { code?: string }).code === '23505') throw emailTaken();
      throw error;
    }
  },
});
