import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { resultsCountOptions, settingDefaults } from '../../../schemas/api/setting-defaults.ts';
import type { Settings } from '../../../schemas/api/settings.ts';
import { apiRequest } from '../../lib/api-client.ts';

// Report tables page by the user's resultsCount setting (spec 3 sections 2, 3 and 9: 5, 10, 20, 50
// or 100, default 20). Read from GET /api/settings on each mount of a table, one request shared by
// the tables mounting together, so a change made on the settings page shows on the next visit.

const fallback = Number(settingDefaults.resultsCount ?? '20');
const state = proxy({ resultsCount: fallback });
let inFlight: Promise<void> | null = null;

/** A stored value outside the choices (an old or hand-edited setting) falls back to the default. */
export function parseResultsCount(value: string | undefined): number {
  return value !== undefined && (resultsCountOptions as readonly string[]).includes(value) ? Number(value) : fallback;
}

function refresh(): Promise<void> {
  inFlight ??= apiRequest<Settings>('/api/settings')
    .then((settings) => {
      state.resultsCount = parseResultsCount(settings.resultsCount);
    })
    // Without settings the default page size still serves; the table stays usable.
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function useResultsCount(): number {
  const { resultsCount } = useSnapshot(state);
  useEffect(() => {
    void refresh();
  }, []);
  return resultsCount;
}
