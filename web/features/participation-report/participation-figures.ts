import type { UsageSession } from '../../../schemas/api/usage-report.ts';
import { participationPalette } from '../../components/charts/palette.ts';

// The pie has seven fixed colours (spec 3 section 9): six content types and the rest together.
const maxSlices = participationPalette.length;
export const otherSlice = 'Other';

/** Listened seconds per content type over the resident's sessions, largest first, at most seven slices. */
export function contentTypeSeconds(sessions: readonly UsageSession[]): Array<{ contentType: string; seconds: number }> {
  const perType = new Map<string, number>();
  for (const session of sessions) {
    for (const play of session.plays) {
      const type = play.programType ?? 'Unknown';
      perType.set(type, (perType.get(type) ?? 0) + play.length);
    }
  }
  const sorted = [...perType.entries()]
    .filter(([, seconds]) => seconds > 0)
    .map(([contentType, seconds]) => ({ contentType, seconds }))
    .sort((a, b) => b.seconds - a.seconds || a.contentType.localeCompare(b.contentType));
  if (sorted.length <= maxSlices) return sorted;
  const rest = sorted.slice(maxSlices - 1).reduce((sum, s) => sum + s.seconds, 0);
  return [...sorted.slice(0, maxSlices - 1), { contentType: otherSlice, seconds: rest }];
}
