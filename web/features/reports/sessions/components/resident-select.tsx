import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { UserConfig } from '../../../../../schemas/api/user.ts';
import { useRemoteData } from '../../../../components/data-table/use-remote-data.ts';
import { loadResidentOptions } from '../api/resident-options.ts';
import { selectedResidentOf, selectResident, sessionFilters } from '../stores/session-filters.ts';

interface ResidentSelectProps {
  userId: number;
  firstDay: string;
  lastDay: string;
  config: UserConfig;
  idPrefix: string;
}

/** 'Show sessions with resident' (spec 3 section 2): only with showParticipantSelectionInReport and residents. */
export function ResidentSelect({ userId, firstDay, lastDay, config, idPrefix }: ResidentSelectProps) {
  const { t } = useTranslation();
  const filters = useSnapshot(sessionFilters);
  const options = useRemoteData(`${userId}/${firstDay}/${lastDay}`, () => loadResidentOptions(userId, firstDay, lastDay));
  if (!config.showParticipantSelectionInReport || options.status !== 'loaded' || options.data.length === 0) return null;
  const selected = selectedResidentOf(filters, userId);
  const id = `${idPrefix}-resident`;
  return (
    <label className="sessions-control" htmlFor={id}>
      <span>{t('Show sessions with resident')}</span>
      <select
        id={id}
        data-testid="resident-select"
        value={selected === null ? '' : String(selected)}
        onChange={(e) => selectResident(userId, e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">{t('(not selected - show all sessions)')}</option>
        {options.data.map((resident) => (
          <option key={resident.id} value={resident.id}>
            {`${resident.firstName} ${resident.lastName}`.trim()}
          </option>
        ))}
      </select>
    </label>
  );
}
