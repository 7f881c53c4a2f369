import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import type { RecipeItem } from '../../../../schemas/api/recipe-items.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { openTimingCalendar } from '../../../components/timing-calendar/index.ts';
import { formatLength } from '../../../lib/format.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { contentTypeKey } from '../../../lib/i18n/translations-reports.ts';
import { onNavReselect } from '../../../lib/nav-reselect.ts';
import { onPlayerEvent, playerState } from '../../../lib/player/player-store.ts';
import { paths } from '../../../routes/paths.ts';
import { itemsOfButton, loadRecipe, playingIndex, playRecipeItem, playTab, recipe, recipeTouched, resetRecipe } from '../stores/recipe-store.ts';
import { isButtonEnabled, parseButton, recipePlayerId, shortDescription, tabClick, tabLength, visibleButtons, type RecipeButton } from '../tab-rules.ts';
import './recipes.css';

// The recipe screen (spec 2 sections 2 and 4), for /recipes/{id}/{button?} and today's recipe:
// the header with the sanitised HTML description and "Show Current Events", a tab per content
// type and PlayAll with its play length, and the active tab's items. A click on an inactive tab
// activates it (the address follows); on the active tab it plays with auto-play-next on.

interface Props {
  user: CurrentUser;
  recipeId: number;
  /** The button segment of the address, if any. */
  buttonSegment: string | undefined;
  /** The address of the screen with a tab active (null: none). */
  hrefOf: (button: RecipeButton | null) => string;
  /** The nav link that resets this screen when clicked again. */
  navRoute: string;
}

const buttonKey = (button: RecipeButton) => (button === 'PlayAll' ? 'Play all' : contentTypeKey(button));

export function RecipeScreen({ user, recipeId, buttonSegment, hrefOf, navRoute }: Props) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const snap = useSnapshot(recipe);
  const player = useSnapshot(playerState);
  const music = user.config.music;
  const buttons = visibleButtons(music);
  const parsed = parseButton(buttonSegment);
  const active = parsed && buttons.includes(parsed) ? parsed : null;

  useEffect(() => {
    void loadRecipe(recipeId);
  }, [recipeId]);

  // When a file ends and auto-play goes on, the list scrolls back to the top (spec 2 section 4).
  useEffect(
    () =>
      onPlayerEvent((event) => {
        if (event.type === 'ended' && event.item.source === 'Recipe' && recipe.autoPlayNext) window.scrollTo({ top: 0 });
      }),
    [],
  );

  // The nav link clicked again: reset the tabs after a confirmation.
  useEffect(
    () =>
      onNavReselect((route) => {
        if (route !== navRoute || !recipeTouched(active)) return false;
        if (window.confirm(t('Do you want to reset the page?'))) {
          resetRecipe();
          navigate(hrefOf(null));
        }
        return true;
      }),
    [navRoute, active, hrefOf, navigate, t],
  );

  if (snap.status === 'notFound') {
    return (
      <section className="recipe-screen" data-testid="recipe-screen">
        <Alert kind="error">{t('This recipe is not available.')}</Alert>
        <Link href={paths.recipes.href()}>{t('All recipes')}</Link>
      </section>
    );
  }
  if (snap.status === 'failed') {
    return (
      <section className="recipe-screen" data-testid="recipe-screen">
        <Alert kind="error">{t('Request failed')}</Alert>
        <button type="button" onClick={() => void loadRecipe(recipeId)}>
          {t('Try again')}
        </button>
      </section>
    );
  }
  if (snap.status !== 'ready' || !snap.header || snap.recipeId !== recipeId) return <section className="recipe-screen" aria-busy="true" />;

  const itemsOf = (button: RecipeButton) => itemsOfButton(recipe, button, music);
  const click = (button: RecipeButton) => {
    const items = itemsOf(button);
    const action = tabClick(button, active, isButtonEnabled(button, items.length));
    if (action === 'activate' || action === 'activateAndPlay') navigate(hrefOf(button));
    if (action === 'play' || action === 'activateAndPlay') playTab(recipeId, button, items);
  };
  const activeItems = active ? itemsOf(active) : [];
  const playingAt = active ? playingIndex(player, recipeId, active) : null;

  return (
    <section className="recipe-screen" data-testid="recipe-screen" data-autoplay={snap.autoPlayNext ? 'true' : 'false'}>
      <header className="recipe-header">
        <div className="recipe-header-text">
          <h2 data-testid="recipe-name">{snap.header.name}</h2>
          {snap.header.description && <div className="recipe-description" data-testid="recipe-description" dangerouslySetInnerHTML={{ __html: sanitizeHtml(snap.header.description) }} />}
        </div>
        <div className="recipe-header-links">
          {/* With showCurrentEventsButtonAlways the top bar has it on every page (spec 2 section 2). */}
          {!user.config.showCurrentEventsButtonAlways && (
            <button type="button" className="link-button" data-testid="show-current-events" onClick={() => openTimingCalendar()}>
              {t('Show Current Events')}
            </button>
          )}
          {user.config.recipes && <Link href={paths.recipes.href()}>{t('All recipes')}</Link>}
        </div>
      </header>
      <div className="recipe-tabs" role="tablist" aria-label={t('Content types')}>
        {buttons.map((button) => {
          const items = itemsOf(button);
          const enabled = isButtonEnabled(button, items.length);
          const at = playingIndex(player, recipeId, button);
          const length = tabLength(
            items.map((i) => i.length),
            at,
            at === null ? 0 : player.currentTime,
          );
          return (
            <button
              key={button}
              type="button"
              role="tab"
              aria-selected={button === active}
              className={`recipe-tab${button === active ? ' active' : ''}${at !== null && player.playing ? ' playing' : ''}`}
              disabled={!enabled}
              onClick={() => click(button)}
              data-testid={`recipe-tab-${button}`}
            >
              <span className="recipe-tab-name">{t(buttonKey(button))}</span>
              <span className="recipe-tab-length" data-testid="recipe-tab-length" data-remaining={length.remaining ? 'true' : 'false'}>
                {enabled ? `${length.remaining ? '-' : ''}${formatLength(length.seconds)}` : '–'}
              </span>
            </button>
          );
        })}
      </div>
      {active === null ? (
        <p className="recipe-hint" data-testid="recipe-hint">
          {t('Choose a content type. Click the chosen one again to play it from the start, one item after another.')}
        </p>
      ) : (
        <ol className="recipe-items" data-testid="recipe-items" data-player-id={recipePlayerId(recipeId, active)}>
          {activeItems.map((item, index) => (
            <RecipeItemRow key={`${item.id}-${index}`} item={item} playing={playingAt === index} onPlay={() => playRecipeItem(recipeId, active, activeItems, index)} showType={active === 'PlayAll'} />
          ))}
        </ol>
      )}
    </section>
  );
}

function RecipeItemRow({ item, playing, onPlay, showType }: { item: RecipeItem; playing: boolean; onPlay: () => void; showType: boolean }) {
  const { t } = useTranslation();
  const meta = [showType ? t(contentTypeKey(item.type)) : null, item.artist, formatLength(item.length)].filter(Boolean).join(' · ');
  return (
    <li className={`recipe-item${playing ? ' playing' : ''}`} data-testid="recipe-item" data-audio-file-id={item.audioFileId}>
      <div className="recipe-item-body">
        <span className="recipe-item-name" data-testid="recipe-item-name">
          {item.audioFileName}
        </span>
        <span className="recipe-item-meta">{meta}</span>
        {item.description &&
          (playing ? (
            <div className="recipe-item-description" data-testid="recipe-item-description" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.description) }} />
          ) : (
            <span className="recipe-item-description short" data-testid="recipe-item-description">
              {shortDescription(item.description)}
            </span>
          ))}
      </div>
      <button type="button" className="play-button" disabled={!item.streamUrl} onClick={onPlay} aria-label={t('Play')} data-testid="recipe-item-play">
        ▶
      </button>
    </li>
  );
}
