import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { reportColumnHelper, type ReportColumn } from '../../../components/data-table/table-features.ts';
import { translatedHeader } from '../../../components/data-table/translated-text.tsx';
import { UploadButton } from '../../../components/upload-button/upload-button.tsx';
import type { SelectionKey } from '../../../components/widgets/widget-rules.ts';
import { Alert } from '../../../components/alert.tsx';
import type { UploadedFile } from '../../../lib/upload.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { setTopicalFile } from '../api/set-topical-file.ts';

// Spec 3 section 2: "upload of a topical file (if showUploadTopicalFile and userAdmin)". The
// administrator uploads a file (with progress, through POST /api/upload), ticks the units it is
// for in the paged table's checkbox selection (spec 1's shared widget), and it becomes their
// info file: the one the Info button opens when a unit has no Info instructions of its own
// (schemas/api/topical-file.ts says why the info file). All units start ticked, since a chain's
// programme is usually for all of them; removing needs no upload.

type Unit = { id: number; name: string };

const column = reportColumnHelper<Unit>();
const columns: ReportColumn<Unit>[] = [column.accessor('name', { id: 'name', header: translatedHeader('Unit') })];

export function TopicalFile({ units }: { units: readonly Unit[] }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<SelectionKey>>(() => new Set(units.map((unit) => unit.id)));
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const userIds = units.filter((unit) => selected.has(unit.id)).map((unit) => unit.id);

  const apply = async (fileId: number | null) => {
    setBusy(true);
    setFailed(false);
    try {
      await setTopicalFile({ userIds, fileId });
      pushToast(fileId === null ? t('Topical file removed') : t('Topical file saved'));
    } catch (error) {
      console.warn('set-topical-file failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-form topical-file" data-testid="topical-file">
      <h2>{t('Topical file')}</h2>
      <p>{t('Upload a file for the units you administer, e.g. the programme of the month. The units chosen below see it behind their Info button.')}</p>
      {failed && <Alert kind="error">{t('Request failed')}</Alert>}
      <UploadButton onUploaded={(files) => setFile(files[0] ?? null)} onUploadingChange={setUploading} />
      <DataTable
        columns={columns}
        data={units as Unit[]}
        emptyText={t('No rows')}
        initialSorting={[{ id: 'name', desc: false }]}
        testId="topical-file-units"
        selection={{ keyOf: (unit) => unit.id, selected, onChange: setSelected }}
      />
      <div className="topical-file-actions">
        <button type="button" className="button-primary" data-testid="topical-file-show" disabled={!file || uploading || busy || userIds.length === 0} onClick={() => file && void apply(file.id)}>
          {t('Show to the selected units')}
        </button>
        <button type="button" data-testid="topical-file-remove" disabled={busy || userIds.length === 0} onClick={() => void apply(null)}>
          {t('Remove from the selected units')}
        </button>
      </div>
    </section>
  );
}
