/**
 * Owners: the access records, newest first, a page at a time (each view is itself recorded, with its filter),
 * narrowed by member, actor, action, Korean days and lead on the server (decision 109). A list or an export names the
 * leads it showed; a list view's record says that the member's repeated views of them are grouped in it (decision 090).
 */
import { useState } from 'react';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { LIST_VIEW_WINDOW_MS, leadsNamed, type AccessAction, type AccessActor } from '../../../domain/access-actions';
import type { AccessRecordsFilter } from '../../../domain/team-auth-api';
import { formatKst } from '../../../domain/kst';
import { useDocumentTitle } from '../document-title';
import { AccessRecordFilters } from '../features/access-records/access-record-filters';
import { useAccessRecords } from '../features/access-records/access-record-queries';
import { leadReference } from '../../../domain/lead-reference';

const actionLabels: Record<AccessAction, string> = copy.accessRecords.actions;
const actorLabels: Record<AccessActor, string> = copy.accessRecords.actors;

export function AccessRecordsScreen() {
  useDocumentTitle(copy.accessRecords.title);
  const [filter, setFilter] = useState<AccessRecordsFilter>({});
  const records = useAccessRecords(filter);
  const columns = copy.accessRecords.columns;
  const filtered = Object.keys(filter).length > 0;
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.accessRecords.title}</h1>
      <p className="mb-4 text-slate-700">{copy.accessRecords.intro}</p>
      <AccessRecordFilters filter={filter} members={records.data?.pages[0]?.members ?? []} onChange={setFilter} />
      {filtered && (
        <p role="status" className="mb-3 text-sm text-slate-700">
          {copy.accessRecords.filters.filtered}
        </p>
      )}
      {records.isPending ? (
        <p className="text-slate-600">{copy.loading}</p>
      ) : records.isError ? (
        <p role="alert" className="text-red-800">
          {records.error.message}
        </p>
      ) : (
        <>
          <ol
            data-testid="access-records"
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {records.data.pages
              .flatMap((page) => page.records)
              .map((record) => (
                <li key={record.seq} className="px-4 py-3 text-sm">
                  <p className="font-medium">
                    {actionLabels[record.action]} <span className="font-normal text-slate-600">#{record.seq}</span>
                  </p>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
                    <dt className="text-slate-600">{columns.at}</dt>
                    <dd>{formatKst(record.at)}</dd>
                    <dt className="text-slate-600">{columns.who}</dt>
                    <dd className="break-all">{record.memberEmail ?? actorLabels[record.actor]}</dd>
                    {record.ip && (
                      <>
                        <dt className="text-slate-600">{columns.ip}</dt>
                        <dd>{record.ip}</dd>
                      </>
                    )}
                    {record.ideaId && (
                      <>
                        <dt className="text-slate-600">{columns.lead}</dt>
                        <dd className="font-mono">{leadReference(record.ideaId)}</dd>
                      </>
                    )}
                    {'leads' in record.details && (
                      <>
                        <dt className="text-slate-600">{columns.shown}</dt>
                        <dd className="font-mono break-words">
                          {leadsNamed(record.details).map(leadReference).join(', ') || copy.accessRecords.noneShown}
                        </dd>
                      </>
                    )}
                  </dl>
                  {record.action === 'lead_listed' && leadsNamed(record.details).length > 0 && (
                    <p className="mt-1 text-slate-600">
                      {copy.accessRecords.listGrouped(LIST_VIEW_WINDOW_MS / 60_000, record.details.searched === true)}
                    </p>
                  )}
                </li>
              ))}
          </ol>
          {records.data.pages[0]?.records.length === 0 && <p className="mt-3">{copy.accessRecords.empty}</p>}
          {records.hasNextPage && (
            <button
              type="button"
              onClick={() => void records.fetchNextPage()}
              disabled={records.isFetchingNextPage}
              className="mt-4 min-h-11 rounded-lg border border-slate-300 px-4 font-medium hover:bg-slate-50"
            >
              {copy.accessRecords.more}
            </button>
          )}
        </>
      )}
    </>
  );
}
