import { proxy } from 'valtio';
import type { PublicReportLink } from '../../../../schemas/api/public-report-link.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { getPublicReportLink, issuePublicReportLink, revokePublicReportLink } from '../api/public-report-link.ts';

// The settings page's public report links (issue 17 item 6): one per unit the administrator
// administers, loaded when the section opens; issuing or revoking shows the server's answer.

export const publicReportLinksStore = proxy<{ links: Record<number, PublicReportLink | undefined>; busyId: number | null; failed: boolean }>({
  links: {},
  busyId: null,
  failed: false,
});

export async function loadPublicReportLinks(userIds: readonly number[]): Promise<void> {
  try {
    const links = await Promise.all(userIds.map((id) => getPublicReportLink(id)));
    for (const link of links) publicReportLinksStore.links[link.userId] = link;
    publicReportLinksStore.failed = false;
  } catch {
    publicReportLinksStore.failed = true;
  }
}

async function change(userId: number, request: (id: number) => Promise<PublicReportLink>, doneText: string): Promise<void> {
  publicReportLinksStore.busyId = userId;
  try {
    publicReportLinksStore.links[userId] = await request(userId);
    publicReportLinksStore.failed = false;
    pushToast(doneText);
  } catch {
    publicReportLinksStore.failed = true;
  } finally {
    publicReportLinksStore.busyId = null;
  }
}

export const issueLink = (userId: number, doneText: string) => change(userId, issuePublicReportLink, doneText);
export const revokeLink = (userId: number, doneText: string) => change(userId, revokePublicReportLink, doneText);
