import { AdminUiStateResult, GetAdminUiStateRequest } from '../../schemas/api/back-office-requests.ts';
import { requireOperator } from '../../server/http/auth.ts';
import { typedRequest } from '../../server/http/typed-request.ts';

// get-admin-ui-state {} -> {state} (spec 3 section 7): what set-admin-ui-state stored for the
// caller; null before the first.

export const getAdminUiStateRequest = typedRequest({
  permission: 'Service operators, for themselves.',
  effect: "Reads the caller's operator console state (null before the first set-admin-ui-state).",
  body: GetAdminUiStateRequest,
  result: AdminUiStateResult,
  async handle(request) {
    const { userId } = await requireOperator(request);
    const [row] = await request.server.deps.sql.query<{ admin_ui_state: Record<string, unknown> | null }>('SELECT admin_ui_state FROM users WHERE id = $1', [userId]);
    return { state: row?.admin_ui_state ?? null };
  },
});
