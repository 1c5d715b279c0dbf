/**
 * CSV export: the reason is asked and recorded with the download (POST, so it is never a link to follow); it holds
 * the leads the list's current filter holds (every page of it).
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { leadsCopy, teamErrorMessages } from '../../../../content/workspace';
import { EXPORT_REASON_MAX, LEAD_EXPORT_PATH, type LeadListQuery } from '../../../../domain/workspace-api';
import { useLeadFilters } from './lead-filters';

const copy = leadsCopy.export;

async function download({ reason, filter }: { reason: string; filter: LeadListQuery }): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...scope } = filter;
  const response = await fetch(LEAD_EXPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...scope, reason }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
    throw new Error(body?.error?.message ?? teamErrorMessages.internal);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportForm() {
  const id = useId();
  const [reason, setReason] = useState('');
  const [filter] = useLeadFilters();
  const exporting = useMutation({ mutationFn: download, onSuccess: () => setReason('') });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) exporting.mutate({ reason: reason.trim(), filter });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-bold">
        {copy.heading}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{copy.scope}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            {copy.reason}
          </label>
          <input
            id={id}
            value={reason}
            required
            maxLength={EXPORT_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <button
          type="submit"
          disabled={exporting.isPending}
          className="min-h-11 rounded-lg bg-indigo-700 px-4 font-medium text-white hover:bg-indigo-800"
        >
          {copy.submit}
        </button>
      </form>
      {exporting.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {exporting.error.message}
        </p>
      )}
    </section>
  );
}
