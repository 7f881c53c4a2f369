import { proxy } from 'valtio';
import { settingDefaults } from '../../../../schemas/api/setting-defaults.ts';
import type { PutSettingRequest, Settings } from '../../../../schemas/api/settings.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { getSettings } from '../api/get-settings.ts';
import { putSetting } from '../api/put-setting.ts';

export const settingsStore = proxy<{ values: Settings; loaded: boolean; busyKey: string | null; failed: boolean }>({
  values: { ...settingDefaults },
  loaded: false,
  busyKey: null,
  failed: false,
});

export async function loadSettings(): Promise<void> {
  try {
    settingsStore.values = { ...settingDefaults, ...(await getSettings()) };
    settingsStore.failed = false;
  } catch {
    settingsStore.failed = true;
  } finally {
    settingsStore.loaded = true;
  }
}

/** Applies locally first, then saves; an unchanged value is not sent (spec 1 section 5). */
export async function saveSetting(key: PutSettingRequest['key'], value: string, savedText: string): Promise<void> {
  const previous = settingsStore.values[key];
  if (previous === value) return;
  settingsStore.values[key] = value;
  settingsStore.busyKey = key;
  try {
    await putSetting({ key, value });
    pushToast(savedText);
  } catch {
    if (previous === undefined) delete settingsStore.values[key];
    else settingsStore.values[key] = previous;
    settingsStore.failed = true;
  } finally {
    settingsStore.busyKey = null;
  }
}
