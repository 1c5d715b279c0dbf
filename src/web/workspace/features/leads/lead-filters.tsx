/**
 * The leads' filters (folder, stage, source channel, overdue, search), shared by the list and the board: one state for both (kept in
 * the query client, so switching screens keeps it), and one form. Compact on a phone (two selects a row, the
 * search on its own) so the first lead shows on the first screen.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { channelLabels, leadSourceCopy } from '../../../../content/lead-source';
import { stageLabels as stageCopy } from '../../../../content/stages';
import { CHANNELS, type Channel } from '../../../../domain/lead-source';
import { leadsCopy } from '../../../../content/workspace';
import { STAGES, type Stage } from '../../../../domain/stages';
import { LEAD_SEARCH_MAX, type LeadListQuery } from '../../../../domain/workspace-api';
import { LabelledSelect } from '../../components/labelled-select';

const copy = leadsCopy.inbox;
const stageLabels: Record<Stage, string> = stageCopy;
const FILTERS_KEY = ['lead-filters'] as const;
const INITIAL: LeadListQuery = { folder: 'inbox', page: 1 };

/** The filters and a setter; a change of filter goes back to page 1 unless it names the page. */
export function useLeadFilters(): [LeadListQuery, (next: Partial<LeadListQuery>) => void] {
  const client = useQueryClient();
  const query =
    useQuery({ queryKey: FILTERS_KEY, queryFn: () => INITIAL, initialData: INITIAL, staleTime: Infinity }).data ??
    INITIAL;
  const change = (next: Partial<LeadListQuery>) =>
    client.setQueryData<LeadListQuery>(FILTERS_KEY, (current = INITIAL) => ({ ...current, page: 1, ...next }));
  return [query, change];
}

export function LeadFilters({ stageFilter = true }: { stageFilter?: boolean }) {
  const ids = { overdue: useId(), search: useId() };
  const [query, change] = useLeadFilters();
  const [search, setSearch] = useState(query.q ?? '');
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    change({ q: search.trim() || undefined });
  };
  return (
    <section
      aria-label={copy.filters}
      className="mb-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end sm:gap-3"
    >
      <LabelledSelect
        label={copy.folder}
        value={query.folder ?? 'inbox'}
        onChange={(folder) => change({ folder })}
        options={[
          { value: 'inbox', label: copy.folders.inbox },
          { value: 'spam', label: copy.folders.spam },
        ]}
      />
      {stageFilter && (
        <LabelledSelect<Stage | ''>
          label={copy.stage}
          value={query.stage ?? ''}
          onChange={(stage) => change({ stage: stage || undefined })}
          options={[
            { value: '', label: copy.allStages },
            ...STAGES.map((stage) => ({ value: stage, label: stageLabels[stage] })),
          ]}
        />
      )}
      <LabelledSelect<Channel | ''>
        label={leadSourceCopy.filter}
        value={query.channel ?? ''}
        onChange={(channel) => change({ channel: channel || undefined })}
        options={[
          { value: '', label: leadSourceCopy.filterAll },
          ...CHANNELS.map((channel) => ({ value: channel, label: channelLabels[channel] })),
        ]}
      />
      <div className="col-span-2 flex min-h-11 items-center gap-2 sm:col-span-1">
        <input
          id={ids.overdue}
          type="checkbox"
          checked={query.overdue === 'true'}
          onChange={(event) => change({ overdue: event.target.checked ? 'true' : undefined })}
          className="size-5"
        />
        <label htmlFor={ids.overdue}>{copy.overdue}</label>
      </div>
      <form role="search" onSubmit={submitSearch} className="col-span-2 flex flex-1 items-end gap-2">
        <div className="flex-1">
          <label htmlFor={ids.search} className="sr-only sm:not-sr-only sm:mb-1 sm:block sm:text-sm sm:font-medium">
            {copy.search}
          </label>
          <input
            id={ids.search}
            type="search"
            value={search}
            placeholder={copy.searchHint}
            maxLength={LEAD_SEARCH_MAX}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <button type="submit" className="min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white">
          {copy.searchButton}
        </button>
      </form>
    </section>
  );
}
