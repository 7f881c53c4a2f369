import { z } from 'zod';
import { SafeText } from '../common/safe.ts';

// Invitations, login links and password resets (issue 17; spec 3 section 7's typed requests
// invite-user, send-login-token, send-password-reset-email and reset-password, spec 2 section 7's
// invite payload). Shared with the browser's login screen.

/** A person's name part: trimmed, not empty. */
const NamePart = SafeText.trim().min(1).max(100);
/** An e-mail address, stored and compared lower-case. */
export const EmailAddress = z.string().trim().max(254).pipe(z.email()).transform((email) => email.toLowerCase());
/** Spec 3 section 5: a password has at least 4 characters. */
export const NewPassword = SafeText.min(4).max(1000);

export const InviteUserRequest = z.strictObject({
  firstName: NamePart,
  lastName: NamePart,
  email: EmailAddress,
  /** How the relative sees the resident's unit as a recipient (default_message_recipients.recipient_name). */
  defaultMessageRecipientName: NamePart,
  /** The relative's resident: their unit becomes the default recipient. Without one, the inviter's own unit is. */
  residentId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  language: z.enum(['fin', 'eng', 'swe']).default('fin'),
});
export type InviteUserRequest = z.input<typeof InviteUserRequest>;
export const InviteUserResult = z.object({ userId: z.number().int() });

export const SendLoginTokenRequest = z.strictObject({ userId: z.number().int().positive().max(2_147_483_647) });

export const SendPasswordResetEmailRequest = z.strictObject({ userNameOrEmail: SafeText.trim().min(1).max(254) });

export const ResetPasswordRequest = z.strictObject({
  userNameOrEmail: SafeText.trim().min(1).max(254),
  passwordResetCode: SafeText.trim().min(1).max(100),
  password: NewPassword,
});

/** POST /api/first-password: the password an invited user chooses after opening their link. */
export const FirstPasswordRequest = z.strictObject({ password: NewPassword });

export const Done = z.object({});
export type Done = z.infer<typeof Done>;

/** Spec 3 section 5 and the danger message of section 8. */
export const passwordResetCodeInvalid = 'Password reset code invalid.';

export const OutboxEntry = z.object({ file: z.string(), to: z.string(), subject: z.string(), date: z.string(), size: z.number() });
export const OutboxList = z.object({ mailer: z.enum(['smtp', 'outbox', 'none']), mails: z.array(OutboxEntry) });
