import type { PingResponse } from '../../../schemas/api/ping.ts';
import { apiRequest, bearerToken } from '../api-client.ts';

export interface PingParams {
  lastSessionToken: string | null;
  admin: boolean;
}

// Spec 1 section 7: lastSessionToken is sent only when a jwt exists.
export function getPing(params: PingParams, signal?: AbortSignal): Promise<PingResponse> {
  return apiRequest<PingResponse>('/api/ping', {
    signal,
    query: {
      lastSessionToken: bearerToken() && params.lastSessionToken ? params.lastSessionToken : undefined,
      admin: params.admin ? 'true' : undefined,
    },
  });
}
