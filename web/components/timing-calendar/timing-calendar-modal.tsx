import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { MessageTiming, RecipeTiming } from '../../../schemas/api/timings.ts';
import { Alert } from '../alert.tsx';
import { languageState, localeOf } from '../../lib/i18n/i18n.ts';
import { hideAllModals } from '../../lib/modal-stack.ts';
import { paths } from '../../routes/paths.ts';
import { getMessageTimings, getRecipeTimings } from './api.ts';
import { calendarToday, dayHeading, monthGrid, monthOfDay, monthTitle, selectedDays, shiftMonth, weekdayNames, type SelectionMode } from './calendar-grid.ts';
import './timing-calendar.css';

// The calendar of current events (TimingCalendar, spec 2 section 2): a month in six weeks with
// the month's image, one day or a 7-day week selected, special days in orange, and the selected
// days' recipes and messages (the caller's own and received ones; recommendations of other users
// only). Europe/Helsinki. Opened by openTimingCalendar() (index.ts), e.g. from a recipe's "Show
// Current Events".

interface Loaded {
  month: string;
  recipes: RecipeTiming[];
  messages: MessageTiming[];
  special: Set<string>;
}

export function TimingCalendarModal({ props }: { props: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { language } = useSnapshot(languageState);
  const locale = localeOf[language].replace('_', '-');
  const today = useMemo(() => calendarToday(), []);
  const initial = typeof props.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(props.day) ? props.day : today;
  const [month, setMonth] = useState(monthOfDay(initial));
  const [selected, setSelected] = useState(initial);
  const [mode, setMode] = useState<SelectionMode>(props.mode === 'week' ? 'week' : 'day');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const weeks = useMemo(() => monthGrid(month), [month]);
  useEffect(() => {
    const controller = new AbortController();
    const first = weeks[0]![0]!;
    const last = weeks.at(-1)!.at(-1)!;
    setFailed(false);
    Promise.all([getRecipeTimings(first, last, controller.signal), getMessageTimings(first, last, controller.signal)]).then(
      ([recipes, messages]) => setLoaded({ month, recipes: recipes.timings, messages: messages.timings, special: new Set(recipes.specialDays) }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn('Timing calendar loading failed', error);
          setFailed(true);
        }
      },
    );
    return () => controller.abort();
  }, [month, weeks, attempt]);

  const current = loaded?.month === month ? loaded : null;
  const chosen = selectedDays(mode, selected);
  const recipesOf = (day: string) => current?.recipes.filter((r) => r.day === day) ?? [];
  const messagesOf = (day: string) => current?.messages.filter((m) => m.day === day) ?? [];
  const image = `/current-events/current-events-${language}-${month.slice(5, 7)}.jpg`;

  const choose = (day: string) => {
    setSelected(day);
    if (monthOfDay(day) !== month) setMonth(monthOfDay(day));
  };
  const moveMonth = (by: number) => {
    const next = shiftMonth(month, by);
    setMonth(next);
    setSelected(next === monthOfDay(today) ? today : `${next}-01`);
  };

  return (
    <div className="timing-calendar" data-testid="timing-calendar">
      <h2 className="timing-calendar-heading">{t('Current events')}</h2>
      <div className="timing-calendar-body">
        <div className="timing-calendar-month-view">
          <img className="timing-calendar-image" src={image} alt="" data-testid="timing-calendar-image" />
          <div className="timing-calendar-bar">
            <button type="button" onClick={() => moveMonth(-1)} aria-label={t('Previous month')} data-testid="timing-calendar-previous">
              ‹
            </button>
            <span className="timing-calendar-month" data-testid="timing-calendar-month">
              {monthTitle(month, locale)}
            </span>
            <button type="button" onClick={() => moveMonth(1)} aria-label={t('Next month')} data-testid="timing-calendar-next">
              ›
            </button>
            <div className="timing-calendar-modes" role="group" aria-label={t('Show')}>
              {(['day', 'week'] as const).map((m) => (
                <button key={m} type="button" className={mode === m ? 'button-primary' : undefined} aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`timing-calendar-mode-${m}`}>
                  {m === 'day' ? t('Day') : t('Week')}
                </button>
              ))}
            </div>
          </div>
          <table className="timing-calendar-grid" data-testid="timing-calendar-grid">
            <thead>
              <tr>
                {weekdayNames(locale).map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((day) => {
                    const classes = ['timing-calendar-day'];
                    if (monthOfDay(day) !== month) classes.push('outside');
                    if (current?.special.has(day)) classes.push('special');
                    if (chosen.includes(day)) classes.push('selected');
                    if (day === today) classes.push('today');
                    const recipeCount = recipesOf(day).length;
                    const messageCount = messagesOf(day).length;
                    return (
                      <td key={day}>
                        <button type="button" className={classes.join(' ')} onClick={() => choose(day)} aria-pressed={chosen.includes(day)} data-day={day} data-testid="timing-calendar-day">
                          <span className="timing-calendar-date">{Number(day.slice(8, 10))}</span>
                          <span className="timing-calendar-marks" aria-hidden="true">
                            {recipeCount > 0 && <span className="mark recipe-mark" />}
                            {messageCount > 0 && <span className="mark message-mark" />}
                          </span>
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="timing-calendar-legend">
            <span className="mark recipe-mark" /> {t('Recipe')} <span className="mark message-mark" /> {t('Message')} <span className="legend-special" /> {t('Special day')}
          </p>
          {failed && (
            <Alert kind="error">
              {t('Current events could not be loaded.')}{' '}
              <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
                {t('Try again')}
              </button>
            </Alert>
          )}
        </div>
        <div className="timing-calendar-details" data-testid="timing-calendar-details">
          {chosen.map((day) => {
            const recipes = recipesOf(day);
            const messages = messagesOf(day);
            return (
              <section key={day} className={`timing-calendar-selected-day${current?.special.has(day) ? ' special' : ''}`} data-day={day} data-testid="timing-calendar-selected-day">
                <h3>
                  {dayHeading(day, locale)}
                  {current?.special.has(day) && <span className="special-badge">{t('Special day')}</span>}
                </h3>
                {current && recipes.length === 0 && messages.length === 0 && <p className="muted">{t('Nothing on this day')}</p>}
                <ul>
                  {recipes.map((r) => (
                    <li key={`${r.kind}-${r.id}`} className="timing-recipe" data-testid="timing-calendar-recipe">
                      <span className="mark recipe-mark" aria-hidden="true" />
                      <Link href={paths.recipe.href(r.recipeId)} onClick={hideAllModals}>
                        {r.recipeName}
                      </Link>
                    </li>
                  ))}
                  {messages.map((m) => (
                    <li key={m.id} className="timing-message" data-testid="timing-calendar-message">
                      <span className="mark message-mark" aria-hidden="true" />
                      <span>{m.title}</span>
                      {m.recommendation && <span className="badge">{t('Recommendation')}</span>}
                      {!m.own && m.senderName && <span className="muted"> – {m.senderName}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      </div>
    </div>
  );
}
