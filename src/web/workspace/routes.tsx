/**
 * The workspace's screens behind the sign-in, as one table: the router and the navigation read it. The leads'
 * screens plug in here (a row each; `nav` puts it in the top bar, `only` hides it from members it is not for).
 * Paths are below TEAM_PATH (wouter's base).
 */
import { lazy, type ComponentType } from 'react';
import type { MeAnswer } from '../../domain/team-auth-api';
import { mayExportErase } from './features/auth/session';
import { fieldFiguresCopy } from '../../content/field-figures';
import { workspaceShellCopy as copy } from '../../content/workspace-shell';
import { BoardScreen } from './pages/board';
import { AccessRecordsScreen } from './pages/access-records';
import { InboxScreen } from './pages/inbox';
import { LeadScreen } from './pages/lead';
import { MembersScreen } from './pages/members';
import { MeetingHoursScreen } from './pages/meeting-hours';
import { bookingWorkspaceCopy } from '../../content/booking-workspace';
import { pushNotificationsCopy } from '../../content/push-notifications';
import { NotificationsScreen } from './pages/notifications';
import { mailboxReviewCopy } from '../../content/mailbox-review';
import { MailboxReviewScreen } from './pages/mailbox-review';
import { contractRecordsCopy } from '../../content/contract-records';
import { ContractRecordsScreen } from './pages/contract-records';

/** The 현황 screen and its charts load when it is first opened (decision 098). */
const FieldFiguresScreen = lazy(() =>
  import('./pages/field-figures').then((module) => ({ default: module.FieldFiguresScreen })),
);

export interface WorkspaceRoute {
  path: string;
  screen: ComponentType;
  /** The navigation's label; none: not in the navigation (a lead's own page). */
  nav?: string;
  /**
   * Who may open it beyond every member: owners, or those who may export and erase leads (owners and the members
   * they allowed, decision 083). The server refuses the others anyway.
   */
  only?: 'owner' | 'export-erase';
}

export const workspaceRoutes: WorkspaceRoute[] = [
  { path: '/', screen: InboxScreen, nav: copy.nav.inbox },
  { path: '/board', screen: BoardScreen, nav: copy.nav.board },
  { path: '/leads/:id', screen: LeadScreen },
  { path: '/field-figures', screen: FieldFiguresScreen, nav: fieldFiguresCopy.nav },
  { path: '/mailbox', screen: MailboxReviewScreen, nav: mailboxReviewCopy.nav },
  { path: '/contract-records', screen: ContractRecordsScreen, nav: contractRecordsCopy.nav, only: 'export-erase' },
  { path: '/notifications', screen: NotificationsScreen, nav: pushNotificationsCopy.nav },
  { path: '/members', screen: MembersScreen, nav: copy.nav.members, only: 'owner' },
  { path: '/access-records', screen: AccessRecordsScreen, nav: copy.nav.accessRecords, only: 'owner' },
  { path: '/meeting-hours', screen: MeetingHoursScreen, nav: bookingWorkspaceCopy.nav, only: 'owner' },
];

/** Whether `me` may open `route` (the router and the navigation leave out the others). */
export function mayOpen(route: WorkspaceRoute, me: Pick<MeAnswer, 'role' | 'mayExportErase'>): boolean {
  if (route.only === 'owner') return me.role === 'owner';
  if (route.only === 'export-erase') return mayExportErase(me);
  return true;
}

/** The screens reachable without a session. */
export const PUBLIC_PATHS = { signIn: '/sign-in', invite: '/invite' } as const;
