/**
 * The inbox (`/team`): leads by what is due, each with its live 24-hour clock, stage, owner and whether it came by
 * voice; filters (folder, stage, overdue), search, paging; the month's figures; CSV export.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { stageLabels as stageCopy } from '../../../content/stages';
import { leadsCopy } from '../../../content/workspace';
import { workspaceShellCopy as shellCopy } from '../../../content/workspace-shell';
import { STAGES, type Stage } from '../../../domain/stages';
import type { LeadListQuery, LeadSummary } from '../../../domain/workspace-api';
import { useDocumentTitle } from '../document-title';
import { clockState, useServerNow, type ClockKind } from './clock';
import { ExportForm } from './export-form';
import { FiguresPanel } from './figures-panel';
import { useInbox } from './lead-queries';

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

function LeadRow({ lead, now }: { lead: LeadSummary; now: number }) {
  const clock = clockState(lead.clock, now);
  return (
    <li className="px-4 py-3">
      <Link
        href={`/leads/${lead.id}`}
        className="block rounded focus-visible:outline-2 focus-visible:outline-indigo-700"
      >
        <span className="flex flex-wrap items-baseline gap-x-3">
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
  const ids = { stage: useId(), folder: useId(), overdue: useId(), search: useId() };
  const [query, setQuery] = useState<LeadListQuery>({ folder: 'inbox', page: 1 });
  const [search, setSearch] = useState('');
  const inbox = useInbox(query);
  const now = useServerNow(inbox.data?.now);
  const change = (next: Partial<LeadListQuery>) => setQuery((current) => ({ ...current, page: 1, ...next }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ q: search.trim() || undefined });
  };
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;
  const page = query.page ?? 1;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.title}</h1>
      <p className="mb-4 text-slate-700">{copy.intro}</p>
      <FiguresPanel />
      <section aria-label={copy.filters} className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div>
          <label htmlFor={ids.folder} className="mb-1 block text-sm font-medium">
            {copy.folder}
          </label>
          <select
            id={ids.folder}
            value={query.folder}
            onChange={(event) => change({ folder: event.target.value as 'inbox' | 'spam' })}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3"
          >
            <option value="inbox">{copy.folders.inbox}</option>
            <option value="spam">{copy.folders.spam}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.stage} className="mb-1 block text-sm font-medium">
            {copy.stage}
          </label>
          <select
            id={ids.stage}
            value={query.stage ?? ''}
            onChange={(event) => change({ stage: (event.target.value || undefined) as Stage | undefined })}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3"
          >
            <option value="">{copy.allStages}</option>
            {STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabels[stage]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-h-11 items-center gap-2">
          <input
            id={ids.overdue}
            type="checkbox"
            checked={query.overdue === 'true'}
            onChange={(event) => change({ overdue: event.target.checked ? 'true' : undefined })}
            className="size-5"
          />
          <label htmlFor={ids.overdue}>{copy.overdue}</label>
        </div>
        <form role="search" onSubmit={submitSearch} className="flex flex-1 items-end gap-2">
          <div className="flex-1">
            <label htmlFor={ids.search} className="mb-1 block text-sm font-medium">
              {copy.search}
            </label>
            <input
              id={ids.search}
              type="search"
              value={search}
              placeholder={copy.searchHint}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
              className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
            />
          </div>
          <button type="submit" className="min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white">
            {copy.searchButton}
          </button>
        </form>
      </section>
      {inbox.isPending ? (
        <p className="text-slate-600">{shellCopy.loading}</p>
      ) : inbox.isError ? (
        <p role="alert" className="text-red-800">
          {inbox.error.message}
        </p>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-slate-700">
            {copy.results(inbox.data.total)}
          </p>
          {inbox.data.leads.length === 0 ? (
            <p className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-slate-700">{copy.empty}</p>
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
              data-testid="lead-list"
            >
              {inbox.data.leads.map((lead) => (
                <LeadRow key={lead.id} lead={lead} now={now} />
              ))}
            </ul>
          )}
          <nav aria-label={copy.page(page, pages)} className="mt-4 flex items-center justify-between gap-2">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setQuery((current) => ({ ...current, page: page - 1 }))}
              className="min-h-11 rounded-lg border border-slate-300 px-3 disabled:opacity-50"
            >
              {copy.previous}
            </button>
            <span className="text-sm text-slate-700">{copy.page(page, pages)}</span>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => setQuery((current) => ({ ...current, page: page + 1 }))}
              className="min-h-11 rounded-lg border border-slate-300 px-3 disabled:opacity-50"
            >
              {copy.next}
            </button>
          </nav>
        </>
      )}
      <ExportForm />
    </>
  );
}
