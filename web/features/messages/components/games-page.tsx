import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { Message, MessageItem } from '../../../../schemas/api/messages.ts';
import { Alert } from '../../../components/alert.tsx';
import { paths } from '../../../routes/paths.ts';
import { itemTitle, messageTitle } from '../message-lists.ts';
import { games, loadGames } from '../stores/games-store.ts';
import './messages.css';

// Games (spec 2 section 2, no config guard): the user's active game messages, each with its items'
// titles; a click opens the message.

export function GamesPage() {
  const { t } = useTranslation();
  const snap = useSnapshot(games);
  const messages = snap.messages as Message[];
  const items = snap.items as MessageItem[];

  useEffect(() => {
    void loadGames();
  }, []);

  return (
    <section className="games-page" data-testid="games-page">
      <h2>{t('Games')}</h2>
      {snap.status === 'failed' ? (
        <Alert kind="error">{t('Messages could not be loaded.')}</Alert>
      ) : snap.status === 'loading' && messages.length === 0 ? (
        <p aria-busy="true">{t('Loading...')}</p>
      ) : messages.length === 0 ? (
        <p data-testid="games-empty">{t('No games')}</p>
      ) : (
        <ul className="games-list">
          {messages.map((message) => {
            const titles = items.filter((i) => i.messageId === message.id).map(itemTitle).filter((title) => title !== '');
            return (
              <li key={message.id}>
                <Link href={paths.message.href(message.id)} data-testid={`game-${message.id}`}>
                  <h3>{messageTitle(message, t)}</h3>
                  {titles.length > 0 && (
                    <ul>
                      {titles.map((title, index) => (
                        <li key={index}>{title}</li>
                      ))}
                    </ul>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
