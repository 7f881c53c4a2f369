import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../schemas/api/usage-report.ts';
import type { CurrentUser, UserConfig } from '../../../../schemas/api/user.ts';
import { AccordionSection } from './accordion-section.tsx';
import { AllUsersGuidedSection } from './all-users-guided-section.tsx';
import { IndividualUsersSection } from './individual-users-section.tsx';
import { MessageClicksSection } from './message-clicks-section.tsx';
import { MessagesForReportSection } from './messages-for-report-section.tsx';
import { RatingsSection } from './ratings-section.tsx';
import { SectionState } from './section-state.tsx';
import { DetailedSessionTableSection } from '../sessions/components/detailed-session-table-section.tsx';
import { SessionListSection } from '../sessions/components/session-list-section.tsx';
import { VideoViewsSection } from '../videos/components/video-views-section.tsx';
import { NotConnectedPlaysSection, UsageDetailsLogSection } from '../details-log/components/usage-details-log-section.tsx';

interface Props {
  user: CurrentUser;
  userId: number;
  firstDay: string;
  lastDay: string;
  totals: UsageTotals | null;
  /** The totals could not be loaded: the sections that reuse them show their empty state. */
  totalsFailed: boolean;
}

type SectionName =
  | 'users'
  | 'sessions'
  | 'detailed-sessions'
  | 'detailed-videos'
  | 'ratings'
  | 'guided-usage'
  | 'message-clicks'
  | 'messages';

// Spec 3 section 2: the administrators' sections, in the spec's order; four follow a show* flag.
const sectionFlags: Record<SectionName, keyof UserConfig | null> = {
  users: 'showUserReport',
  sessions: 'showSessionReport',
  'detailed-sessions': 'showDetailedSessionReport',
  'detailed-videos': 'showDetailedVideoReport',
  ratings: null,
  'guided-usage': null,
  'message-clicks': null,
  messages: null,
};

export function AdminAccordion({ user, userId, firstDay, lastDay, totals, totalsFailed }: Props) {
  const { t } = useTranslation();
  const config = user.config;
  const shown = (name: SectionName) => {
    const flag = sectionFlags[name];
    return flag === null || config[flag] === true;
  };
  const scope = { userId, firstDay, lastDay, ownData: userId === user.id, config };
  const withTotals = (render: (totals: UsageTotals) => ReactNode) => () =>
    totals ? render(totals) : <SectionState status={totalsFailed ? 'failed' : 'loading'} />;
  return (
    <div className="accordion" data-testid="admin-accordion">
      {shown('users') && (
        <AccordionSection name="users" title={t('Individual users')}>
          {() => <IndividualUsersSection firstDay={firstDay} lastDay={lastDay} />}
        </AccordionSection>
      )}
      {shown('sessions') && (
        <AccordionSection name="sessions" title={t('Sessions')}>
          {() => <SessionListSection {...scope} />}
        </AccordionSection>
      )}
      {shown('detailed-sessions') && (
        <AccordionSection name="detailed-sessions" title={t('Detailed sessions')}>
          {/* The usage details log and the plays outside sessions (spec 3 section 3) are the detail of the detailed sessions. */}
          {() => (
            <>
              <DetailedSessionTableSection {...scope} />
              <UsageDetailsLogSection {...scope} />
              <NotConnectedPlaysSection {...scope} />
            </>
          )}
        </AccordionSection>
      )}
      {shown('detailed-videos') && (
        <AccordionSection name="detailed-videos" title={t('Detailed videos')}>
          {() => <VideoViewsSection {...scope} />}
        </AccordionSection>
      )}
      <AccordionSection name="ratings" title={t('Ratings')}>
        {withTotals((loaded) => <RatingsSection totals={loaded} />)}
      </AccordionSection>
      <AccordionSection name="guided-usage" title={t('Guided usage of all users')}>
        {() => <AllUsersGuidedSection userIds={user.adminOfUsers.map((u) => u.id)} firstDay={firstDay} lastDay={lastDay} />}
      </AccordionSection>
      <AccordionSection name="message-clicks" title={t('Message clicks')}>
        {withTotals((loaded) => <MessageClicksSection totals={loaded} />)}
      </AccordionSection>
      <AccordionSection name="messages" title={t('Messages for report')}>
        {() => <MessagesForReportSection userId={userId} firstDay={firstDay} lastDay={lastDay} timeZone={user.timeZone} />}
      </AccordionSection>
    </div>
  );
}
