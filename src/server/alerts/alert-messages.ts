/** The text of each alert (its wording: content/team-mail.ts): ids, counts, ages and reply codes only, never what a visitor wrote. */
import { alertCopy as copy, leadAlertCopy } from '../../content/team-mail';
import { formatKst } from '../../domain/kst';
import { contractMailCopy } from '../../content/contract';
import type { AlertDetails, AlertKind } from './alert-store';

/**
 * An alert's message; about a lead, it ends with the lead's owner (a team member's address, never the visitor's)
 * and the link to its page in the workspace (decision 092).
 */
export function alertText(
  kind: AlertKind,
  ideaId: string | null,
  details: AlertDetails,
  lead?: { owner: string | null; link: string },
): string {
  const id = ideaId ?? copy.erasedIdea;
  const reference = details.reference ?? id;
  const text =
    kind === 'founder_answered'
      ? leadAlertCopy.answered(reference, details.answers ?? 1, details.byMail)
      : kind === 'quote_accepted'
        ? leadAlertCopy.quoteAccepted(reference, details.version ?? 1)
        : kind === 'contract_signed'
          ? contractMailCopy.signedAlert(reference)
          : kind === 'contract_concluded'
            ? contractMailCopy.teamText(reference)
            : kind === 'mailbox_problem'
              ? leadAlertCopy.mailbox(
                  details.problem ?? 'malformed',
                  details.reference ?? undefined,
                  details.folder ?? '',
                  details.megabytes,
                )
              : kind === 'founder_meeting'
                ? leadAlertCopy.meeting(reference, details.change ?? 'booked', formatKst(details.meetingAt ?? ''))
                : kind === 'lead_assigned'
                  ? leadAlertCopy.assigned(reference)
                  : kind === 'lead_due_soon'
                    ? leadAlertCopy.dueSoon(reference, details.hours ?? 0)
                    : kind === 'lead_overdue'
                      ? leadAlertCopy.overdue(reference, details.hours ?? 0)
                      : kind === 'kakao_failed'
                        ? copy.kakaoFailed(reference, details.providerCode)
                        : kind === 'push_failed'
                          ? copy.pushFailed(details.reference === null ? null : reference, details.pushStatus)
                          : kind === 'lead_erased'
                            ? leadAlertCopy.erased(reference, details.repliesExpunged === true)
                            : kind === 'mail_failed'
                              ? copy.mailFailed(id, details.expired ? copy.expired : copy.refused(details.responseCode))
                              : copy.mailBacklog(
                                  details.unsent ?? 0,
                                  details.overdue ?? 0,
                                  details.oldestMinutes ?? 0,
                                  id,
                                );
  const about = lead ? ['', copy.owner(lead.owner), copy.open(lead.link)] : [];
  return [`${copy.prefix} ${text}`, ...about].join('\n');
}
