/**
 * The status page's meeting section and the pages its posts answer with (decision 104): plain HTML forms, one
 * button per free slot (its value the slot's instant), so booking, moving and cancelling work the same with or
 * without JavaScript and under the status page's CSP (no script, inline style only). Every value is escaped.
 * Copy: content/booking.ts.
 */
import { bookingStatusCopy as copy } from '../../content/booking';
import { statusPageCopy } from '../../content/status-page';
import {
  BOOKING_CANCEL_CONFIRM,
  bookingSubpaths,
  FOUNDER_MEETING_CHANGES_PER_HOUR,
  kstClock,
  slotsByDay,
} from '../../domain/booking';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst } from '../../domain/kst';
import type { StatusShell } from '../founder/status-page-html';
import type { BookingRefusal, Meeting, MeetingView } from './meetings';

const STYLE = `<style>
.st .slots{display:grid;gap:.5rem;margin:.75rem 0 0}
.st .slots summary{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.25rem .75rem;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #c7d2fe;border-radius:.75rem;background:#fff;font-weight:700;cursor:pointer;list-style:none}
.st .slots summary::-webkit-details-marker{display:none}
.st .slots summary::after{content:'';width:.5rem;height:.5rem;border-right:2px solid #4338ca;border-bottom:2px solid #4338ca;transform:rotate(45deg);margin:0 .25rem .25rem auto}
.st .slots details[open]>summary::after{transform:rotate(225deg);margin-bottom:-.25rem}
.st .slots summary .n{font-weight:400;color:#475569;font-size:.875rem}
.st .slots form.times{display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.5rem;padding:.5rem 0 .25rem}
.st .slots .btn{margin:0;padding:.5rem .25rem;white-space:nowrap}
</style>`;

const kst = (instant: Date) => `${formatKst(instant)} (${statusPageCopy.kst})`;

/** The day heading of a slot group: the date part of formatKst ("2026년 11월 30일 (월)"). */
const dayLabel = (slot: Date) => formatKst(slot).replace(/ 오[전후] .*$/, '');

/**
 * The free slots, a folded `<details>` per Korean day (the first open) with the day and its count in the summary:
 * a week of slots on a phone is a short list of days, not a wall of buttons, and no script opens them. Each day is
 * its own form; each button posts its slot's instant.
 */
function slotForms(slots: Date[], action: string, label: string): string {
  return `<div class="slots">${slotsByDay(slots)
    .map(
      (group, index) => `<details class="day" data-day="${escapeHtml(group.day)}"${index === 0 ? ' open' : ''}>
<summary><span>${escapeHtml(dayLabel(group.slots[0]!))}</span> <span class="n">${escapeHtml(copy.slotCount(group.slots.length))}</span></summary>
<form method="post" action="${escapeHtml(action)}" class="times">${group.slots
        .map(
          (slot) =>
            `<button type="submit" class="btn secondary" name="start" value="${slot.toISOString()}" aria-label="${escapeHtml(`${formatKst(slot)} ${label}`)}" data-slot="${slot.toISOString()}">${escapeHtml(kstClock(slot))}</button>`,
        )
        .join('')}</form></details>`,
    )
    .join('')}</div>`;
}

function meetingDetails(meeting: Meeting): string {
  const how = copy.mode[meeting.mode];
  const video =
    meeting.mode === 'video' && meeting.videoUrl
      ? `<dt>${escapeHtml(copy.booked.video)}</dt><dd><a href="${escapeHtml(meeting.videoUrl)}" rel="noreferrer noopener" target="_blank">${escapeHtml(meeting.videoUrl)}</a></dd>`
      : `<dt>${escapeHtml(copy.booked.how)}</dt><dd>${escapeHtml(copy.booked.phone)}</dd>`;
  return `<dl>
<dt>${escapeHtml(copy.booked.at)}</dt><dd data-meeting-at="${meeting.startsAt.toISOString()}">${escapeHtml(kst(meeting.startsAt))}</dd>
<dt>${escapeHtml(copy.booked.how)}</dt><dd>${escapeHtml(how)}</dd>
${meeting.mode === 'video' ? video : ''}
</dl>`;
}

/** The section on the status page: nothing until a meeting is offered; then the slots, or the booked meeting. */
export function bookingSectionHtml(view: MeetingView, base: string): string {
  if (!view.offered && !view.meeting) return '';
  const heading = `<h2 id="st-meeting">${escapeHtml(view.meeting ? copy.booked.heading : copy.heading)}</h2>`;
  const noPhone = `<p data-no-phone>${escapeHtml(copy.noPhone)}</p>`;
  if (view.meeting) {
    const moves = view.phoneMissing
      ? noPhone
      : view.slots.length > 0
        ? `<details><summary>${escapeHtml(copy.booked.moveHeading)}</summary>${slotForms(view.slots, `${base}/${bookingSubpaths.move}`, copy.booked.move)}</details>`
        : '';
    return `${STYLE}<section class="card hi" aria-labelledby="st-meeting" data-meeting>${heading}
${meetingDetails(view.meeting)}
<p class="muted">${escapeHtml(view.mayChange ? copy.booked.change : copy.booked.locked)}</p>
${
  view.mayChange
    ? `<form method="post" action="${escapeHtml(`${base}/${bookingSubpaths.cancel}`)}"><button type="submit" class="btn danger">${escapeHtml(copy.booked.cancel)}</button></form>${moves}`
    : ''
}</section>`;
  }
  const mode = copy.modeLine(copy.mode[view.settings.mode], copy.length(view.settings.lengthMinutes));
  return `${STYLE}<section class="card hi" aria-labelledby="st-meeting" data-meeting>${heading}
<p class="muted">${escapeHtml(copy.lead)}</p>
<p><strong>${escapeHtml(mode)}</strong></p>
${
  view.phoneMissing
    ? noPhone
    : view.slots.length > 0
      ? slotForms(view.slots, `${base}/${bookingSubpaths.book}`, copy.choose)
      : `<p data-no-slots>${escapeHtml(copy.noSlots)}</p>`
}
</section>`;
}

export type BookingAnswer =
  | { kind: 'booked' | 'moved'; meeting: Meeting }
  | { kind: 'cancelled' }
  | { kind: 'refused'; refusal: BookingRefusal | 'invalid'; view?: MeetingView };

/** The refusals of the chosen time itself: the answer lists the free slots, so the founder picks again there. */
export const RETRY_REFUSALS: ReadonlySet<BookingRefusal> = new Set(['taken', 'too_soon', 'outside_hours']);

/** The free slots under a refusal: a booking's, or a move's for a booked meeting (the status page's forms). */
function retryHtml(view: MeetingView, base: string): string {
  if (!view.offered || view.phoneMissing || (view.meeting && !view.mayChange)) return '';
  const slots =
    view.slots.length > 0
      ? view.meeting
        ? slotForms(view.slots, `${base}/${bookingSubpaths.move}`, copy.booked.move)
        : slotForms(view.slots, `${base}/${bookingSubpaths.book}`, copy.choose)
      : `<p data-no-slots>${escapeHtml(copy.noSlots)}</p>`;
  return `${STYLE}<section class="card hi" aria-labelledby="st-retry" data-meeting><h2 id="st-retry">${escapeHtml(copy.retryHeading)}</h2>
${slots}</section>`;
}

/**
 * The page a booking post answers with: what happened, in Korean, and the way back; under a refusal of the chosen
 * time (a race lost, too soon, off the hours), the free slots as of now, to pick again on this page.
 */
export function bookingAnswerHtml(shell: StatusShell, answer: BookingAnswer, base: string): string {
  const [title, lead] = ((): [string, string] => {
    switch (answer.kind) {
      case 'booked':
        return [copy.done.bookedTitle, copy.done.booked(kst(answer.meeting.startsAt))];
      case 'moved':
        return [copy.done.movedTitle, copy.done.moved(kst(answer.meeting.startsAt))];
      case 'cancelled':
        return [copy.done.cancelledTitle, copy.done.cancelled];
      case 'refused':
        return [
          copy.refusedTitle,
          answer.refusal === 'too_many'
            ? copy.tooMany(FOUNDER_MEETING_CHANGES_PER_HOUR)
            : copy.refusals[answer.refusal],
        ];
    }
  })();
  const role = answer.kind === 'refused' ? 'alert' : 'status';
  return shell.render(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="lead" role="${role}" data-booking-answer="${answer.kind === 'refused' ? answer.refusal : answer.kind}">${escapeHtml(lead)}</p>
${answer.kind === 'refused' && answer.view ? retryHtml(answer.view, base) : ''}
<a class="btn primary" href="${escapeHtml(base)}">${escapeHtml(copy.done.back)}</a>`,
  );
}

/**
 * The founder's cancel asks first (the status page's cancel button posts without the confirmation field): the
 * meeting's time, a form that posts the field to the same path, and the way back. Plain HTML, no script.
 */
export function cancelConfirmHtml(shell: StatusShell, meeting: Meeting, base: string): string {
  const ask = copy.confirmCancel;
  return shell.render(
    ask.title,
    `<h1>${escapeHtml(ask.title)}</h1>
<p class="lead" data-booking-answer="confirm_cancel">${escapeHtml(ask.lead(kst(meeting.startsAt)))}</p>
<form method="post" action="${escapeHtml(`${base}/${bookingSubpaths.cancel}`)}"><input type="hidden" name="${BOOKING_CANCEL_CONFIRM.field}" value="${BOOKING_CANCEL_CONFIRM.value}"><button type="submit" class="btn danger">${escapeHtml(ask.confirm)}</button></form>
<a class="btn secondary" href="${escapeHtml(base)}">${escapeHtml(ask.keep)}</a>`,
  );
}

/** The meetings in the founder's download, under Korean keys, times in KST. */
export function bookingDownload(meetings: Meeting[]): Record<string, unknown> {
  const k = copy.download;
  return {
    [k.key]: meetings.map((meeting) => ({
      [k.at]: formatKst(meeting.startsAt),
      [k.status]: k.statuses[meeting.status],
      [k.mode]: copy.mode[meeting.mode],
    })),
  };
}
