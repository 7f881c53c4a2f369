import type { PublicReportLink } from '../../../../schemas/api/public-report-link.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// GET, POST and DELETE /api/public-report-link/{userId}: show, issue (replacing) and revoke a unit's public report link.

export function getPublicReportLink(userId: number, signal?: AbortSignal): Promise<PublicReportLink> {
  return apiRequest<PublicReportLink>(`/api/public-report-link/${userId}`, { signal });
}

export function issuePublicReportLink(userId: number): Promise<PublicReportLink> {
  return apiRequest<PublicReportLink>(`/api/public-report-link/${userId}`, { method: 'POST' });
}

export function revokePublicReportLink(userId: number): Promise<PublicReportLink> {
  return apiRequest<PublicReportLink>(`/api/public-report-link/${userId}`, { method: 'DELETE' });
}
