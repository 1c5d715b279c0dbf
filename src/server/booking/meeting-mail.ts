/**
 * The meeting's mails (decision 103): to the founder (with the status link) and to the team or the lead's owner
 * (with the lead's page), each carrying the invitation (icalendar.ts) as nodemailer's `icalEvent`, which puts it
 * both as a `text/calendar; method=…` alternative (what Outlook and Gmail read in place) and as `invite.ics`.
 * Reminders carry the current invitation too, so a calendar that missed the first one still gets it. A cancellation
 * says who cancelled (the founder or the team), to both sides. Nothing the
 * founder typed goes in: the reference, times, the team's video link and the links. Copy: content/booking.ts.
 */
import { meetingMailCopy as copy } from '../../content/booking';
import type { MeetingMode } from '../../domain/booking';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst } from '../../domain/kst';
import { leadReference } from '../../domain/lead-reference';
import { isSafeRecipient } from '../mail/founder-mail';
import { messageIdDomain, type TeamMail } from '../mail/team-mail';
import { invitationIcs } from './icalendar';
import type { MeetingMailKind, MeetingMailRecipient } from './meeting-mail-queue';

export interface MeetingMailInput {
  kind: MeetingMailKind;
  recipient: MeetingMailRecipient;
  meeting: {
    id: string;
    ideaId: string;
    startsAt: Date;
    endsAt: Date;
    sequence: number;
    mode: MeetingMode;
    videoUrl: string | null;
    /** Who cancelled it (a cancellation says so to both sides). */
    cancelledBy: 'founder' | 'team' | null;
  };
  /** The founder's address (the invitation's attendee). */
  founderEmail: string;
  /** Where the team's copy goes: the lead's owner, else TEAM_EMAIL; the invitation's organizer. */
  teamEmail: string;
  from: string;
  /** The status link (founder) or the lead's page (team). */
  link: string;
  now: Date;
}

/** A mail with its invitation: nodemailer's `icalEvent` (the transport passes the object through). */
export type MeetingMail = TeamMail & { icalEvent: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string } };

const addressOf = (mailbox: string) => (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();

export function renderMeetingMail(input: MeetingMailInput): MeetingMail {
  const founder = addressOf(input.founderEmail);
  const team = addressOf(input.teamEmail);
  if (!isSafeRecipient(founder) || !isSafeRecipient(team)) throw new Error('unsafe recipient address');
  const { meeting } = input;
  const reference = leadReference(meeting.ideaId);
  const cancel = input.kind === 'cancel';
  const moved = input.kind === 'request' && meeting.sequence > 0;
  const subject = moved ? copy.subjects.moved : copy.subjects[input.kind];
  const intro = moved ? copy.intros.moved : copy.intros[input.kind];
  const at = copy.kst(`${formatKst(meeting.startsAt)} – ${formatKst(meeting.endsAt).replace(/^.* (오[전후] )/, '$1')}`);
  const video = meeting.mode === 'video' && meeting.videoUrl ? meeting.videoUrl : null;
  const ics = invitationIcs({
    method: cancel ? 'CANCEL' : 'REQUEST',
    uid: `${meeting.id}@${messageIdDomain(input.from)}`,
    sequence: meeting.sequence,
    start: meeting.startsAt,
    end: meeting.endsAt,
    stamp: input.now,
    summary: copy.summary(reference),
    description: video ? copy.description.video(video) : copy.description.phone,
    location: video ?? copy.location.phone,
    url: video,
    organizer: { name: copy.organizerName, address: team },
    attendee: founder,
  });
  const toTeam = input.recipient === 'team';
  // The reference as the 접수 번호, as every other text says it; the .eml fallback's erasure finds the mail by the
  // idea id its file name starts with (mail/mail-files.ts).
  const rows: [string, string][] = [
    [copy.labels.reference, leadReference(meeting.ideaId)],
    [copy.labels.at, at],
    [copy.labels.how, copy.how[meeting.mode]],
    ...(video ? ([[copy.labels.video, video]] as [string, string][]) : []),
    ...(cancel && meeting.cancelledBy
      ? ([[copy.labels.cancelledBy, copy.cancelledBy[meeting.cancelledBy]]] as [string, string][])
      : []),
  ];
  const linkLabel = toTeam ? copy.labels.lead : copy.labels.status;
  const lines = [
    ...(toTeam ? [copy.teamIntro(reference)] : []),
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(cancel || toTeam ? [] : [copy.changeHint]),
    `${linkLabel}: ${input.link}`,
    '',
    toTeam ? copy.teamFooter : copy.footer,
  ];
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
${toTeam ? `<p>${escapeHtml(copy.teamIntro(reference))}</p>` : ''}
<p>${escapeHtml(intro)}</p>
<table cellpadding="4" style="border-collapse: collapse;">
${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
${cancel || toTeam ? '' : `<p>${escapeHtml(copy.changeHint)}</p>`}
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 16px; background: #4f46e5; color: #fff; border-radius: 8px; text-decoration: none;">${escapeHtml(linkLabel)}</a></p>
<p style="color: #555; font-size: 13px;">${escapeHtml(toTeam ? copy.teamFooter : copy.footer)}</p>
</body></html>`;
  return {
    from: input.from,
    to: toTeam ? team : founder,
    ...(toTeam ? {} : { replyTo: { name: copy.organizerName, address: team } }),
    subject,
    text: lines.join('\n'),
    html,
    messageId: `<meeting-${input.kind}-${input.recipient}-${meeting.sequence}-${meeting.id}@${messageIdDomain(input.from)}>`,
    date: input.now,
    icalEvent: { method: cancel ? 'CANCEL' : 'REQUEST', filename: copy.fileName, content: ics },
  };
}
