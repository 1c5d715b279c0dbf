/**
 * The lead page's meeting panel (decision 104): whether the status page offers a meeting (proposing one before the
 * prototype), the booked time and how, and moving or cancelling it until two hours before (the same rules as the
 * founder's, decided by the server).
 */
import { useId, useState } from 'react';
import { bookingWorkspaceCopy } from '../../../../content/booking-workspace';
import { formatKst } from '../../../../domain/kst';
import { useLeadMeeting, useMeetingChange } from './booking-queries';

const copy = bookingWorkspaceCopy.panel;
const card = 'rounded-xl border border-slate-200 bg-white p-4';
const button = 'min-h-11 rounded-lg border border-slate-300 px-3 font-medium';

export function MeetingPanel({ leadId }: { leadId: string }) {
  const meeting = useLeadMeeting(leadId);
  const change = useMeetingChange(leadId);
  const [target, setTarget] = useState('');
  const selectId = useId();
  const data = meeting.data;
  return (
    <section aria-labelledby="lead-meeting" className={card} data-testid="lead-meeting">
      <h2 id="lead-meeting" className="mb-2 text-lg font-bold">
        {copy.heading}
      </h2>
      {meeting.isError && (
        <p role="alert" className="text-red-800">
          {meeting.error.message}
        </p>
      )}
      {data && !data.meeting && (
        <>
          <p className="text-slate-700">{data.offered ? copy.offered : copy.notOffered}</p>
          {!data.offered && (
            <button
              type="button"
              className={`${button} mt-2`}
              disabled={change.isPending}
              onClick={() => change.mutate({ action: 'propose' })}
            >
              {copy.propose}
            </button>
          )}
        </>
      )}
      {data?.meeting && (
        <>
          <p className="font-medium">{copy.booked(formatKst(data.meeting.startsAt))}</p>
          <p className="text-sm text-slate-700">
            {copy.mode[data.meeting.mode]}
            {data.meeting.videoUrl && (
              <>
                {' · '}
                <a
                  href={data.meeting.videoUrl}
                  rel="noreferrer noopener"
                  target="_blank"
                  className="break-all text-indigo-800 underline"
                >
                  {data.meeting.videoUrl}
                </a>
              </>
            )}
          </p>
          {data.meeting.mayChange ? (
            <div className="mt-3 flex flex-col gap-2">
              {data.slots.length > 0 ? (
                <form
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (target) change.mutate({ action: 'move', startsAt: target });
                  }}
                >
                  <label htmlFor={selectId} className="w-full text-sm text-slate-700">
                    {copy.moveLabel}
                  </label>
                  <select
                    id={selectId}
                    value={target}
                    onChange={(event) => setTarget(event.target.value)}
                    className="min-h-11 rounded-lg border border-slate-300 px-2"
                  >
                    <option value="" />
                    {data.slots.map((slot) => (
                      <option key={slot} value={slot}>
                        {formatKst(slot)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={button} disabled={change.isPending || !target}>
                    {copy.move}
                  </button>
                </form>
              ) : (
                <p className="text-sm text-slate-700">{copy.noSlots}</p>
              )}
              <button
                type="button"
                className="min-h-11 rounded-lg border border-red-300 px-3 font-medium text-red-800"
                disabled={change.isPending}
                onClick={() => change.mutate({ action: 'cancel' })}
              >
                {copy.cancel}
              </button>
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-700">{copy.locked}</p>
          )}
        </>
      )}
      {change.isError && (
        <p role="alert" className="mt-2 text-red-800">
          {change.error.message}
        </p>
      )}
    </section>
  );
}
