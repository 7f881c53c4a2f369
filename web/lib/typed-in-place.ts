import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { TypedTab } from './entity-tab.ts';

const noFlags = { busy: false, modified: false, error: null };

/**
 * An editor of a tab's stored row whose fields save as they are typed (spec 1 section 4's delayed
 * put; EditResident and EditActivity): its flags for the save status, whether anything was typed,
 * `type` to save a change, and `close`, which sends what still waits first. A change the server
 * refused keeps the editor open, said so, until it is closed again. For a new row (id null) `type`
 * does nothing: that editor holds a draft saved with its Save button.
 */
export function useTypedInPlace<T>(tab: TypedTab<T>, id: number | null, onClose: () => void) {
  const rows = useSnapshot(tab.rows.state);
  const [typed, setTyped] = useState(false);
  return {
    flags: (id !== null && rows.entries[String(id)]?.flags) || noFlags,
    typed,
    type(change: Partial<T>): void {
      if (id === null) return;
      setTyped(true);
      tab.type(id, change);
    },
    async close(): Promise<void> {
      if (id !== null && typed) {
        await tab.finishTyping(id);
        if (tab.state.failed) return;
      }
      onClose();
    },
  };
}
