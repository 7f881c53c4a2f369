import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminUserRow } from '../../../../schemas/api/user-admin.ts';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
import { Alert } from '../../../components/alert.tsx';
import { ChangePasswordModal } from '../../../components/change-password-modal.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';
import { reportColumnHelper, type ReportColumn } from '../../../components/data-table/table-features.ts';
import { translatedHeader } from '../../../components/data-table/translated-text.tsx';
import { formatExpiry } from '../../../lib/format.ts';
import { pushToast } from '../../../lib/toast-queue.ts';
import { sendLoginToken } from '../api/send-login-token.ts';
import { loadAdminUsers, usersStore } from '../stores/users-store.ts';
import { userActions } from '../user-actions.ts';
import { InviteUsersModal } from './invite-users-modal.tsx';
import { RemoveUserModal } from './remove-user-modal.tsx';
import { UnitNewsModal } from './unit-news-modal.tsx';
import './users.css';

const column = reportColumnHelper<AdminUserRow>();

type Open = { modal: 'invite' } | { modal: 'news' } | { modal: 'password'; user: AdminUserRow } | { modal: 'remove'; user: AdminUserRow } | null;

/**
 * /users (spec 3 sections 2 and 6; issue 17): the users the viewer administers, sortable by each
 * column, with the actions the rules of section 6 allow per row, and the InviteUsers, RemoveUser,
 * ChangePassword and UnitNewsModal modals.
 */
export function UsersPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const snap = useSnapshot(usersStore);
  const [open, setOpen] = useState<Open>(null);
  useEffect(() => {
    void loadAdminUsers();
  }, []);
  const sendLink = async (row: AdminUserRow) => {
    try {
      await sendLoginToken(row.id);
      pushToast(t('Login link sent'));
      void loadAdminUsers();
    } catch {
      pushToast(t('Request failed'));
    }
  };
  const columns = useMemo<ReportColumn<AdminUserRow>[]>(
    () => [
      column.accessor((u) => u.displayName, {
        id: 'name',
        header: translatedHeader('Name'),
        cell: (info) => (
          <>
            <span data-testid="user-name">{info.row.original.displayName}</span>
            {info.row.original.unit && info.row.original.unit !== info.row.original.displayName && <span className="user-name-unit">{info.row.original.unit}</span>}
          </>
        ),
      }),
      column.accessor((u) => u.email ?? '', { id: 'email', header: translatedHeader('Email') }),
      column.accessor((u) => u.residentName ?? '', { id: 'resident', header: translatedHeader('Resident') }),
      column.accessor((u) => u.loginTokenExpires ?? '', {
        id: 'linkExpires',
        header: translatedHeader('Link Expires'),
        cell: (info) => (info.getValue() ? formatExpiry(info.getValue(), user.timeZone) : ''),
      }),
      column.display({
        id: 'actions',
        header: translatedHeader('Actions'),
        cell: (info) => <RowActions viewer={user} row={info.row.original} onOpen={setOpen} onSendLink={(row) => void sendLink(row)} />,
      }),
    ],
    [user, t],
  );
  return (
    <section className="users-page" data-testid="users-page">
      <div className="users-bar">
        <h2>{t('User Management')}</h2>
        <button type="button" data-testid="unit-news" onClick={() => setOpen({ modal: 'news' })}>
          {t('Unit news')}
        </button>
        {user.config.canInviteUsers && (
          <button type="button" className="button-primary" data-testid="invite-users" onClick={() => setOpen({ modal: 'invite' })}>
            {t('Invite Users')}
          </button>
        )}
      </div>
      {snap.failed && <Alert kind="error">{t('Request failed')}</Alert>}
      <DataTable columns={columns} data={snap.users as AdminUserRow[]} emptyText={snap.loaded ? t('No rows') : ''} initialSorting={[{ id: 'name', desc: false }]} testId="users-table" />
      {open?.modal === 'invite' && <InviteUsersModal user={user} onClose={() => setOpen(null)} onInvited={() => { pushToast(t('Invitation sent')); void loadAdminUsers(); }} />}
      {open?.modal === 'news' && <UnitNewsModal onClose={() => setOpen(null)} />}
      {open?.modal === 'password' && (
        <ChangePasswordModal userId={open.user.id} userName={open.user.displayName} onClose={() => setOpen(null)} onChanged={() => pushToast(t('Password changed'))} />
      )}
      {open?.modal === 'remove' && <RemoveUserModal user={open.user} onClose={() => setOpen(null)} onRemoved={() => pushToast(t('User removed'))} />}
    </section>
  );
}

function RowActions({ viewer, row, onOpen, onSendLink }: { viewer: CurrentUser; row: AdminUserRow; onOpen: (open: Open) => void; onSendLink: (row: AdminUserRow) => void }) {
  const { t } = useTranslation();
  const actions = userActions(viewer, row);
  return (
    <div className="user-actions">
      {actions.changePassword && (
        <button type="button" data-testid="change-password" onClick={() => onOpen({ modal: 'password', user: row })}>
          {t('Change Password')}
        </button>
      )}
      {actions.sendLoginLink && (
        <button type="button" data-testid="send-login-link" onClick={() => onSendLink(row)}>
          {t('Send login link')}
        </button>
      )}
      {actions.remove && (
        <button type="button" data-testid="remove-user" onClick={() => onOpen({ modal: 'remove', user: row })}>
          {t('Remove User')}
        </button>
      )}
    </div>
  );
}
