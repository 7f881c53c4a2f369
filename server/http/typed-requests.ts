import { z } from 'zod';
import { notFound, validationError } from '../../infra/errors.ts';
import { copyMessageRequest } from '../../commands/messages/copy-message-request.ts';
import { inviteUserRequest } from '../../commands/users/invite-user-request.ts';
import { loginAsUserRequest } from '../../commands/auth/login-as-user-request.ts';
import { removeUserRequest } from '../../commands/users/remove-user.ts';
import { resetPasswordRequest, sendPasswordResetEmailRequest } from '../../commands/users/password-reset-requests.ts';
import { sendLoginTokenRequest } from '../../commands/users/send-login-token-request.ts';
import { setPasswordRequest } from '../../commands/users/set-password.ts';
import { setTargetCountRequest } from '../../commands/targets/set-target-count-request.ts';
import { checkUsageSessionRequest } from '../../queries/usage/check-usage-session.ts';
import { getTargetCountsRequest } from '../../queries/targets/get-target-counts.ts';
import type { TypedRequest } from './typed-request.ts';
import type { App } from './zod.ts';

// POST /api/requests/{type}: the typed-request catalogue of spec 3 section 7, one line per type.
// It lives at the HTTP edge because it routes to commands and queries alike; like routes.ts, it
// is composition: commands and queries import typed-request.ts, never this file.
// A type not listed here is NotFound; its props are validated by the type's own schema, and a
// failing field is named `body.<field>` like every other route's.

const typedRequests: Readonly<Record<string, TypedRequest>> = {
  'check-usage-session': checkUsageSessionRequest,
  'copy-message': copyMessageRequest,
  'get-target-counts': getTargetCountsRequest,
  'invite-user': inviteUserRequest,
  'login-as-user': loginAsUserRequest,
  'remove-user': removeUserRequest,
  'reset-password': resetPasswordRequest,
  'send-login-token': sendLoginTokenRequest,
  'send-password-reset-email': sendPasswordResetEmailRequest,
  'set-password': setPasswordRequest,
  'set-target-count': setTargetCountRequest,
};

const Params = z.strictObject({ type: z.string().min(1).max(100) });

export function postTypedRequestRoute(app: App): void {
  app.post('/api/requests/:type', { schema: { params: Params, body: z.unknown() } }, async (request) => {
    const handler = Object.hasOwn(typedRequests, request.params.type) ? typedRequests[request.params.type] : undefined;
    if (!handler) throw notFound(`Unknown request type: ${request.params.type}`);
    const body = handler.body.safeParse(request.body ?? {});
    if (!body.success) throw validationError(body.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })));
    return handler.result.parse(await handler.handle(request, body.data));
  });
}
