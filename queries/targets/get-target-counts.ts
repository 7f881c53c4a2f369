import { requireReportReaderOf } from '../usage/report-scope.ts';
import { GetTargetCountsRequest, GetTargetCountsResult, type UserTargetCounts } from '../../schemas/api/requests.ts';
import { typedRequest } from '../../server/http/typed-request.ts';
import { listTargetCounts } from '../../projections/postgres/target-counts.ts';

// get-target-counts {userIds, firstDay, lastDay} -> {targetCounts} (spec 3 section 7): the targets
// of the caller and of the users they administer (or administered until they removed them, whose
// history stays readable); any other user id is AccessDenied. Months
// without a target are absent (the browser shows 0, spec 3 section 5).

export const getTargetCountsRequest = typedRequest({
  permission: 'The users themselves and their (former) administrators.',
  effect: "Reads the users' monthly targets (sessions and categories) in the period.",
  body: GetTargetCountsRequest,
  result: GetTargetCountsResult,
  async handle(request, { userIds, firstDay, lastDay }) {
    for (const userId of new Set(userIds)) await requireReportReaderOf(request, userId);
    const rows = await listTargetCounts(request.server.deps.sql, userIds, firstDay, lastDay);
    const targetCounts: Record<string, UserTargetCounts> = Object.fromEntries(userIds.map((id) => [String(id), { sessions: {}, categories: {} }]));
    for (const row of rows) {
      const user = targetCounts[String(row.userId)]!;
      if (row.field === 'sessions') user.sessions[row.day] = row.value;
      else (user.categories[String(row.categoryId)] ??= {})[row.day] = row.value;
    }
    return { targetCounts };
  },
});
