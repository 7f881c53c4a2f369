import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { playSources } from '../../../../schemas/events/usage.ts';

type PlaySource = (typeof playSources)[number];
import type { RebuildSource } from '../../../../schemas/api/rebuild.ts';
import { UsageRules } from '../../../../schemas/events/usage-rules.ts';
import { parseMergeLines, mergeLines } from '../content-type-merge.ts';

interface RulesFormProps {
  rules: UsageRules;
  busy: boolean;
  onStart: (rules: UsageRules, from: RebuildSource) => void;
}

/** The usage rules as data (DOMAIN.md section 3); submitting starts a rebuild under them. */
export function RulesForm({ rules, busy, onStart }: RulesFormProps) {
  const { t } = useTranslation();
  const [shortSeconds, setShortSeconds] = useState(String(rules.shortSessionSeconds));
  const [maxPause, setMaxPause] = useState(String(rules.maxPauseSeconds));
  const [sources, setSources] = useState<PlaySource[]>(rules.guidedSources);
  const [merge, setMerge] = useState(mergeLines(rules.contentTypeMerge));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [fromLog, setFromLog] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const contentTypeMerge = parseMergeLines(merge);
    const parsed = UsageRules.safeParse({
      // An empty field is not 0: Number('') would quietly turn it into one.
      shortSessionSeconds: shortSeconds.trim() === '' ? Number.NaN : Number(shortSeconds),
      maxPauseSeconds: maxPause.trim() === '' ? Number.NaN : Number(maxPause),
      guidedSources: playSources.filter((s) => sources.includes(s)),
      contentTypeMerge: contentTypeMerge ?? {},
    });
    const problems = parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0] ?? ''));
    if (contentTypeMerge === null) problems.push('contentTypeMerge');
    if (!parsed.success || problems.length > 0) {
      setInvalid(problems);
      return;
    }
    setInvalid([]);
    onStart(parsed.data, fromLog ? 'log' : 'raw');
  };

  const toggle = (source: PlaySource, on: boolean) => setSources(on ? [...sources, source] : sources.filter((s) => s !== source));
  const mark = (field: string) => (invalid.includes(field) ? 'invalid' : undefined);

  return (
    <form className="rules-form" onSubmit={submit} data-testid="rules-form">
      <h3>{t('Usage rules')}</h3>
      <label className={mark('shortSessionSeconds')}>
        <span>{t('Short session threshold (seconds)')}</span>
        <input name="shortSessionSeconds" type="number" min={0} max={3600} step={1} value={shortSeconds} onChange={(e) => setShortSeconds(e.target.value)} />
      </label>
      <label className={mark('maxPauseSeconds')}>
        <span>{t('Longest pause inside a play or session (seconds)')}</span>
        <input name="maxPauseSeconds" type="number" min={1} max={86400} step={1} value={maxPause} onChange={(e) => setMaxPause(e.target.value)} />
      </label>
      <fieldset>
        <legend>{t('Play sources counted as guided usage')}</legend>
        {playSources.map((source) => (
          <label key={source} className="rules-check">
            <input type="checkbox" name="guidedSources" value={source} checked={sources.includes(source)} onChange={(e) => toggle(source, e.target.checked)} />
            <span>{source}</span>
          </label>
        ))}
      </fieldset>
      <label className={mark('contentTypeMerge')}>
        <span>{t('Content types merged in the guided usage breakdown (one per line: from = to)')}</span>
        <textarea name="contentTypeMerge" rows={4} value={merge} onChange={(e) => setMerge(e.target.value)} />
      </label>
      <label className="rules-check">
        <input type="checkbox" name="fromLog" checked={fromLog} onChange={(e) => setFromLog(e.target.checked)} />
        <span>{t('Replay the whole event log (slower: needed only after a change in how raw rows are written)')}</span>
      </label>
      {invalid.length > 0 && <p className="rules-invalid" role="alert">{t('Check the marked fields.')}</p>}
      <button type="submit" className="button-primary" disabled={busy} data-testid="start-rebuild">
        {t('Start rebuild')}
      </button>
    </form>
  );
}
