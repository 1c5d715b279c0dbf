/** The text of each alert (its wording: content/team-mail.ts): ids, counts, ages and reply codes only, never what a visitor wrote. */
import { alertCopy as copy, leadAlertCopy } from '../../content/team-mail';
import type { AlertDetails, AlertKind } from './alert-store';

export function alertText(kind: AlertKind, ideaId: string | null, details: AlertDetails): string {
  const id = ideaId ?? copy.erasedIdea;
  const reference = details.reference ?? id;
  const text =
    kind === 'lead_assigned'
      ? leadAlertCopy.assigned(reference)
      : kind === 'lead_due_soon'
        ? leadAlertCopy.dueSoon(reference, details.hours ?? 0)
        : kind === 'lead_overdue'
          ? leadAlertCopy.overdue(reference, details.hours ?? 0)
          : kind === 'mail_failed'
            ? copy.mailFailed(id, details.expired ? copy.expired : copy.refused(details.responseCode))
            : copy.mailBacklog(details.unsent ?? 0, details.overdue ?? 0, details.oldestMinutes ?? 0, id);
  return `${copy.prefix} ${text}`;
}
