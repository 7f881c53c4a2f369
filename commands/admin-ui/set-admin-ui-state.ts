import { EmptyResult, SetAdminUiStateRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';

// set-admin-ui-state {state} (spec 3 section 7): the operator console keeps its own state (open
// tabs, filters, columns) on the server, so it follows the operator to another browser. The
// caller's own row only; a preference, not reference data, so no audit row.

export const setAdminUiStateRequest = typedRequest({
  permission: 'Service operators, for themselves.',
  effect: "Stores the caller's operator console state (a JSON object up to 64 kB), replacing the previous one.",
  body: SetAdminUiStateRequest,
  result: EmptyResult,
  async handle(request, body) {
    const { userId } = await requireOperator(request);
    await request.server.deps.sql.query('UPDATE users SET admin_ui_state = $2 WHERE id = $1', [userId, JSON.stringify(body.state)]);
    return {};
  },
});
