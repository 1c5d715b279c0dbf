/**
 * One lead's page (`/team/leads/<id>`): the whole idea, contact links, the voice memo (streamed with the session,
 * seekable), the team mail's delivery, the clock, the timeline, the conversation with the founder and the quote
 * (features/thread/), and every change: stage, owner, notes, release, close, erase.
 */
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { channelLabels, leadSourceCopy } from '../../../content/lead-source';
import { bookingWorkspaceCopy } from '../../../content/booking-workspace';
import { threadTimelineCopy } from '../../../content/thread';
import { leadsCopy } from '../../../content/workspace';
import { workspaceShellCopy as shellCopy } from '../../../content/workspace-shell';
import { formatKst } from '../../../domain/kst';
import { formatMemoDuration } from '../../../domain/voice-memo';
import {
  leadMemoPath,
  type LeadDeliveryStatus,
  type LeadDetail,
  type LeadTimelineEntry,
} from '../../../domain/workspace-api';
import { useDocumentTitle } from '../document-title';
import { useMayExportErase } from '../features/auth/session';
import { MemoPlayer } from '../components/memo-player';
import { PageHeading } from '../components/page-heading';
import { useMarkedRead } from '../features/live/unread';
import { clockState, useServerNow } from '../features/leads/clock';
import { EraseDialog } from '../features/leads/erase-dialog';
import { clockClass, stageLabels } from './inbox';
import { NoteForm, OwnerForm, StageForm } from '../features/leads/lead-forms';
import { useErasedBy, useLead, useLeadChange } from '../features/leads/lead-queries';
import { MeetingPanel } from '../features/booking/meeting-panel';
import { ThreadPanel } from '../features/thread/thread-panel';

const copy = leadsCopy.lead;
const deliveryLabels: Record<LeadDeliveryStatus, string> = copy.deliveryStatus;
const card = 'rounded-xl border border-slate-200 bg-white p-4';

function entryText(entry: LeadTimelineEntry): string {
  switch (entry.kind) {
    case 'received':
    case 'mail_sent':
    case 'released':
    case 'closed':
      return copy.events[entry.kind];
    case 'stage':
      return copy.events.stage(stageLabels[entry.stage]);
    case 'owner':
      return copy.events.owner(entry.ownerEmail);
    case 'note':
      return copy.events.note;
    case 'message':
    case 'answer':
    case 'quote':
    case 'quote_accepted':
    case 'quote_withdrawn':
    case 'contract':
    case 'contract_signed':
    case 'contract_concluded':
    case 'deposit_received':
      return threadTimelineCopy.workspace[entry.kind];
    case 'meeting_booked':
    case 'meeting_moved':
    case 'meeting_cancelled':
      return bookingWorkspaceCopy.timelineChange[entry.memberEmail === null ? 'founder' : 'team'][entry.kind];
  }
}

/** The entries the founder makes on the status page: with no member, they are the founder's, not the server's. */
const FOUNDER_ENTRIES: ReadonlySet<LeadTimelineEntry['kind']> = new Set([
  'answer',
  'quote_accepted',
  'meeting_booked',
  'meeting_moved',
  'meeting_cancelled',
]);

function entryActor(entry: LeadTimelineEntry & { memberEmail: string | null }): string {
  if (entry.memberEmail) return entry.memberEmail;
  return FOUNDER_ENTRIES.has(entry.kind) ? copy.by.founder : copy.by.system;
}

function Timeline({ lead }: { lead: LeadDetail }) {
  return (
    <section aria-labelledby="lead-timeline" className={card}>
      <h2 id="lead-timeline" className="mb-3 text-lg font-bold">
        {copy.timeline}
      </h2>
      <ol className="space-y-3" data-testid="lead-timeline">
        {lead.timeline.map((entry, index) => (
          <li key={index} className="border-l-2 border-indigo-200 pl-3">
            <p className="font-medium">{entryText(entry)}</p>
            <p className="text-sm text-slate-600">
              {formatKst(entry.at)}
              {'memberEmail' in entry && ` · ${entryActor(entry)}`}
            </p>
            {entry.kind === 'stage' && entry.prototypeUrl && (
              <p className="text-sm break-all">
                {copy.events.prototype}:{' '}
                <a
                  href={entry.prototypeUrl}
                  rel="noreferrer noopener"
                  target="_blank"
                  className="text-indigo-800 underline"
                >
                  {entry.prototypeUrl}
                </a>
              </p>
            )}
            {entry.kind === 'stage' && entry.reason && (
              <p className="text-sm">
                {copy.events.reason}: {entry.reason}
              </p>
            )}
            {(entry.kind === 'stage' ||
              entry.kind === 'meeting_booked' ||
              entry.kind === 'meeting_moved' ||
              entry.kind === 'meeting_cancelled') &&
              entry.meetingAt && (
                <p className="text-sm">{bookingWorkspaceCopy.timelineMeeting(formatKst(entry.meetingAt))}</p>
              )}
            {entry.kind === 'note' && <p className="text-sm whitespace-pre-wrap">{entry.text}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Actions({ lead, onErased }: { lead: LeadDetail; onErased: () => void }) {
  const change = useLeadChange(lead.id);
  const mayExportErase = useMayExportErase();
  const canRelease = lead.spamReason !== null && lead.releasedAt === null;
  return (
    <section aria-labelledby="lead-actions" className={card}>
      <h2 id="lead-actions" className="mb-3 text-lg font-bold">
        {copy.actionsHeading}
      </h2>
      <div className="flex flex-wrap gap-2">
        {canRelease && (
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => change.mutate({ action: 'release', body: {} })}
            className="min-h-11 rounded-lg border border-slate-300 px-3 font-medium"
          >
            {copy.release}
          </button>
        )}
        {/* One "closed" (decision 092): stage 종료 with its reason closes the lead; this says since when. */}
        {lead.closedAt !== null && (
          <p className="self-center text-slate-700">{copy.closedAt(formatKst(lead.closedAt))}</p>
        )}
        {mayExportErase && (
          <EraseDialog
            id={lead.id}
            reference={lead.reference}
            contractConcluded={lead.contractConcluded}
            onErased={onErased}
          />
        )}
      </div>
      {change.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {change.error.message}
        </p>
      )}
    </section>
  );
}

export function LeadScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const lead = useLead(id);
  const [erased, setErased] = useState(false);
  const erasedBy = useErasedBy(id);
  const now = useServerNow(lead.data?.now);
  useMarkedRead(lead.dataUpdatedAt);
  // A lead erased while open keeps no name in the tab (the last answer may still be cached).
  useDocumentTitle(
    erased || erasedBy
      ? copy.goneTitle
      : lead.data && !lead.isError
        ? copy.title(lead.data.name)
        : leadsCopy.inbox.title,
  );
  const back = (
    <p className="mb-4">
      <Link href="/" className="text-indigo-800 underline">
        {copy.back}
      </Link>
    </p>
  );
  if (erased)
    return (
      <>
        {back}
        <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {copy.erased}
        </p>
      </>
    );
  if (erasedBy)
    return (
      <>
        {back}
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-slate-900" data-testid="lead-erased">
          {copy.erasedBy[erasedBy]}
        </p>
      </>
    );
  if (lead.isPending) return <p className="text-slate-600">{shellCopy.loading}</p>;
  if (lead.isError)
    return (
      <>
        {back}
        <p role="alert" className="text-red-800">
          {lead.error.message}
        </p>
      </>
    );
  const data = lead.data;
  const clock = clockState(data.clock, now);
  return (
    <>
      {back}
      <PageHeading className="mb-1 text-2xl font-bold break-all">{copy.title(data.name)}</PageHeading>
      <p className="mb-4 flex flex-wrap gap-x-3 text-sm text-slate-700">
        <span>
          {copy.reference} <span className="font-mono">{data.reference}</span>
        </span>
        <span className="rounded bg-slate-100 px-2 text-slate-800">{stageLabels[data.stage]}</span>
        <span className={clockClass[clock.kind]} data-testid="lead-clock">
          {clock.text}
        </span>
      </p>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <section aria-labelledby="lead-idea" className={card}>
            <h2 id="lead-idea" className="mb-2 text-lg font-bold">
              {copy.idea}
            </h2>
            <p className="whitespace-pre-wrap break-words">{data.idea || copy.memoOnly}</p>
            {data.memo && (
              <div className="mt-4">
                <h3 className="mb-1 font-medium">
                  {copy.memo}{' '}
                  <span className="text-sm text-slate-600">
                    {copy.memoLength(formatMemoDuration(data.memo.durationMs))}
                  </span>
                </h3>
                <MemoPlayer src={leadMemoPath(data.id)} durationMs={data.memo.durationMs} />
              </div>
            )}
          </section>
          <section aria-labelledby="lead-contact" className={card}>
            <h2 id="lead-contact" className="mb-2 text-lg font-bold">
              {copy.contact}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-600">{copy.email}</dt>
              <dd className="break-all">
                <a href={`mailto:${data.email}`} className="text-indigo-800 underline">
                  {data.email}
                </a>
              </dd>
              <dt className="text-slate-600">{copy.phone}</dt>
              <dd>
                {data.phone ? (
                  <a href={`tel:${data.phone.replace(/[^0-9+]/g, '')}`} className="text-indigo-800 underline">
                    {data.phone}
                  </a>
                ) : (
                  copy.noPhone
                )}
              </dd>
              <dt className="text-slate-600">{copy.receivedAt}</dt>
              <dd>{formatKst(data.clock.receivedAt)}</dd>
              <dt className="text-slate-600">{copy.promisedBy}</dt>
              <dd>{formatKst(data.clock.promisedBy)}</dd>
              <dt className="text-slate-600">{copy.delivery}</dt>
              <dd data-testid="lead-delivery">
                {deliveryLabels[data.delivery.status]} · {copy.attempts(data.delivery.attempts)}
                {data.delivery.sentAt && ` · ${formatKst(data.delivery.sentAt)}`}
              </dd>
              <dt className="text-slate-600">{copy.consent}</dt>
              <dd data-testid="lead-consent">
                {data.consent ? copy.consentGiven(data.consent.version, formatKst(data.consent.at)) : copy.noConsent}
              </dd>
              <dt className="text-slate-600">{leadSourceCopy.heading}</dt>
              <dd data-testid="lead-source">
                <LeadSourceLine source={data.source} />
              </dd>
            </dl>
          </section>
          <ThreadPanel leadId={data.id} />
        </div>
        {/* The changes come before the timeline on a phone (one column); beside it, spanning both rows, on a wide screen. */}
        <div className="flex flex-col gap-4 lg:row-span-2">
          <div className={card}>
            <StageForm lead={data} />
          </div>
          <div className={card}>
            <OwnerForm lead={data} />
          </div>
          <div className={card}>
            <NoteForm lead={data} />
          </div>
          <MeetingPanel leadId={data.id} />
          <Actions lead={data} onErased={() => setErased(true)} />
        </div>
        <div className="lg:col-start-1">
          <Timeline lead={data} />
        </div>
      </div>
    </>
  );
}

/** The lead's source (decision 134): its channel, then the source, medium and campaign the URL named. */
function LeadSourceLine({ source }: { source: LeadDetail['source'] }) {
  const parts = [
    [leadSourceCopy.source, source.source],
    [leadSourceCopy.medium, source.medium],
    [leadSourceCopy.campaign, source.campaign],
  ].filter(([, value]) => value !== '');
  return (
    <>
      <span className="font-medium" data-channel={source.channel}>
        {channelLabels[source.channel]}
      </span>
      {parts.map(([label, value]) => (
        <span key={label} className="break-all">
          {' '}
          · {label} {value}
        </span>
      ))}
      {source.channel === 'unknown' ? (
        <span className="block text-sm text-slate-600">{leadSourceCopy.unknownNote}</span>
      ) : null}
    </>
  );
}
