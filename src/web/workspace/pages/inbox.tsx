/**
 * The inbox (`/team`): leads by what is due, each with its live 24-hour clock, stage, owner and whether it came by
 * voice, and a marker when unread; filters (folder, stage, overdue) and search shared with the board, paging; then
 * the month's figures and CSV export (below the list: on a phone the first lead shows on the first screen).
 */
import { Link } from 'wouter';
import { stageLabels as stageCopy } from '../../../content/stages';
import { leadsCopy } from '../../../content/workspace';
import { workspaceShellCopy as shellCopy } from '../../../content/workspace-shell';
import type { Stage } from '../../../domain/stages';
import type { LeadSummary } from '../../../domain/workspace-api';
import { useDocumentTitle } from '../document-title';
import { useMayExportErase } from '../features/auth/session';
import { UnreadMarker } from '../features/live/unread-marker';
import { useUnread } from '../features/live/unread';
import { clockState, useServerNow, type ClockKind } from '../features/leads/clock';
import { ExportForm } from '../features/leads/export-form';
import { FiguresPanel } from '../features/leads/figures-panel';
import { LeadFilters, useLeadFilters } from '../features/leads/lead-filters';
import { useInbox } from '../features/leads/lead-queries';

const copy = leadsCopy.inbox;
export const stageLabels: Record<Stage, string> = stageCopy;

export const clockClass: Record<ClockKind, string> = {
  left: 'text-slate-800',
  overdue: 'font-bold text-red-800',
  on_time: 'text-green-800',
  late: 'text-amber-900',
  closed: 'text-slate-600',
  spam: 'text-slate-600',
};

function LeadRow({ lead, now, unread }: { lead: LeadSummary; now: number; unread: boolean }) {
  const clock = clockState(lead.clock, now);
  return (
    <li className="px-4 py-3">
      <Link
        href={`/leads/${lead.id}`}
        className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-700"
      >
        <span className="flex flex-wrap items-baseline gap-x-3">
          {unread && <UnreadMarker />}
          <span className="font-bold text-indigo-800 underline-offset-2 hover:underline">{lead.name}</span>
          <span className="text-sm text-slate-600">{lead.reference}</span>
          <span className={`ml-auto text-sm ${clockClass[clock.kind]}`}>{clock.text}</span>
        </span>
        <span className="mt-1 block truncate text-sm text-slate-700">{lead.summary || copy.voice}</span>
        <span className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-800">{stageLabels[lead.stage]}</span>
          <span className="text-slate-700">{lead.owner ? copy.owner(lead.owner.email) : copy.noOwner}</span>
          {lead.voice && <span className="rounded bg-indigo-50 px-2 py-0.5 text-indigo-900">{copy.voice}</span>}
          {lead.spamReason && !lead.releasedAt && (
            <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-900">{copy.spam(lead.spamReason)}</span>
          )}
        </span>
      </Link>
    </li>
  );
}

export function InboxScreen() {
  useDocumentTitle(copy.title);
  const [query, change] = useLeadFilters();
  const inbox = useInbox(query);
  const unread = new Set(useUnread().data?.ids);
  const now = useServerNow(inbox.data?.now);
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;
  const page = query.page ?? 1;
  // Export is for owners and members an owner allowed: hidden from the others, not only refused (decision 090).
  const mayExportErase = useMayExportErase();
  const more = inbox.data?.totalCapped ?? false;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.title}</h1>
      <p className="mb-4 hidden text-slate-700 sm:block">{copy.intro}</p>
      <LeadFilters />
      {inbox.isPending ? (
        <p className="text-slate-600">{shellCopy.loading}</p>
      ) : inbox.isError ? (
        <p role="alert" className="text-red-800">
          {inbox.error.message}
        </p>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-700">
            {copy.results(inbox.data.total, more)}
          </p>
          {inbox.data.leads.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-700">{copy.empty}</p>
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
              data-testid="lead-list"
            >
              {inbox.data.leads.map((lead) => (
                <LeadRow key={lead.id} lead={lead} now={now} unread={unread.has(lead.id)} />
              ))}
            </ul>
          )}
          <nav aria-label={copy.page(page, pages, more)} className="mt-4 flex items-center justify-between gap-2">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => change({ page: page - 1 })}
              className="min-h-11 rounded-lg border border-slate-300 px-3 disabled:opacity-50"
            >
              {copy.previous}
            </button>
            <span className="text-sm text-slate-700">{copy.page(page, pages, more)}</span>
            <button
              type="button"
              disabled={page >= pages && !more}
              onClick={() => change({ page: page + 1 })}
              className="min-h-11 rounded-lg border border-slate-300 px-3 disabled:opacity-50"
            >
              {copy.next}
            </button>
          </nav>
        </>
      )}
      <FiguresPanel />
      {mayExportErase && <ExportForm />}
    </>
  );
}
