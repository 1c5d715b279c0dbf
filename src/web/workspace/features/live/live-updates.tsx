/**
 * Live updates for a signed-in page: one EventSource on the workspace's event stream (domain/workspace-events.ts).
 * Each event refreshes what it touches (the inbox and board, the figures, the unread markers, the lead's page); a
 * `resync`, or a reconnect after a drop, refreshes everything. A lead given to this member by someone else shows a
 * notice with its link. The stream closing for good (401: the session ended; or `ended`) asks who is signed in, so
 * the sign-in screen shows; a server that answered otherwise (a restart's 503) is tried again after a pause.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { liveCopy as copy } from '../../../../content/workspace';
import type { MeAnswer } from '../../../../domain/team-auth-api';
import { leadReference } from '../../../../domain/lead-reference';
import { STREAM_CONTROL_EVENTS, WORKSPACE_EVENTS_PATH, type WorkspaceEvent } from '../../../../domain/workspace-events';
import { erasedLeadKey, FIGURES_KEY, leadKey, LEADS_KEY, type ErasedBy } from '../leads/lead-queries';
import { ME_KEY, SIGNED_OUT_KEY } from '../../api/query-client';
import { UNREAD_KEY } from './unread';

/** The pause before opening the stream again after the server refused it (not a 401). */
export const REOPEN_AFTER_MS = 5_000;

/** What one event changes in the page's data: it is fetched again, and an erased lead remembers who erased it. */
export function applyWorkspaceEvent(client: QueryClient, event: WorkspaceEvent) {
  // An open lead page says who erased it (the founder: no actor) instead of a bare "not found".
  if (event.kind === 'lead_erased' && event.ideaId)
    client.setQueryData<ErasedBy>(erasedLeadKey(event.ideaId), event.actorId === null ? 'founder' : 'team');
  void client.invalidateQueries({ queryKey: LEADS_KEY });
  void client.invalidateQueries({ queryKey: FIGURES_KEY });
  void client.invalidateQueries({ queryKey: UNREAD_KEY });
  if (event.ideaId) void client.invalidateQueries({ queryKey: leadKey(event.ideaId) });
}

const refreshAll = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== ME_KEY[0] && query.queryKey[0] !== SIGNED_OUT_KEY[0],
  });

export function LiveUpdates({ me }: { me: MeAnswer }) {
  const client = useQueryClient();
  const [assigned, setAssigned] = useState<string | null>(null);
  // `connecting` until the stream first opens (no note: the page was just loaded), `reconnecting` after a drop.
  const [stream, setStream] = useState<'connecting' | 'open' | 'reconnecting'>('connecting');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(WORKSPACE_EVENTS_PATH);
    let opened = false;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => {
      // A reconnect: what happened while away is in the answers, fetched again (the catch-up covers the markers).
      if (opened) void refreshAll(client);
      opened = true;
      setStream('open');
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as WorkspaceEvent;
      applyWorkspaceEvent(client, event);
      if (event.kind === 'lead_assigned' && event.memberId === me.id && event.actorId !== me.id && event.ideaId)
        setAssigned(event.ideaId);
    };
    source.addEventListener(STREAM_CONTROL_EVENTS.resync, () => void refreshAll(client));
    source.addEventListener(STREAM_CONTROL_EVENTS.ended, () => {
      source.close();
      void client.invalidateQueries({ queryKey: ME_KEY });
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) return setStream('reconnecting');
      // Closed for good: a 401 (the session ended) or another refusal. Who is signed in decides what shows.
      void client.invalidateQueries({ queryKey: ME_KEY });
      reopen = setTimeout(() => setGeneration((value) => value + 1), REOPEN_AFTER_MS);
    };
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [client, me.id, generation]);

  return (
    // `data-stream` says whether the stream is open (the browser tests wait for it before sending an idea).
    <div aria-live="polite" data-stream={stream} className="mx-auto max-w-5xl px-4">
      {stream === 'reconnecting' && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{copy.reconnecting}</p>
      )}
      {assigned && (
        <p
          data-testid="assigned-notice"
          className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-indigo-50 px-3 py-2 text-indigo-950"
        >
          <span>{copy.assigned(leadReference(assigned))}</span>
          <Link href={`/leads/${assigned}`} onClick={() => setAssigned(null)} className="font-medium underline">
            {copy.openLead}
          </Link>
          <button
            type="button"
            onClick={() => setAssigned(null)}
            className="ml-auto min-h-11 rounded-lg px-3 text-sm font-medium hover:bg-indigo-100"
          >
            {copy.dismiss}
          </button>
        </p>
      )}
    </div>
  );
}
