import type { ChangedResult } from '../../../../schemas/api/back-office-requests.ts';
import type { SetTopicalFileRequest } from '../../../../schemas/api/topical-file.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** set-topical-file: the file (or null: none) behind the Info button of the units. */
export function setTopicalFile(request: SetTopicalFileRequest): Promise<ChangedResult> {
  return apiRequest<ChangedResult>('/api/requests/set-topical-file', { method: 'POST', body: request });
}
