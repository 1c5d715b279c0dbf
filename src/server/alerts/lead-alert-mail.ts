/**
 * The mail of a 24-hour clock alert (alerts on the `mail` channel): to the lead's owner or the team, naming the
 * lead's reference and the hours only, with a link to the lead in the workspace (`/team/leads/<id>`) — the visitor's
 * name, address and words stay in the workspace, behind its sign-in.
 */
import { leadAlertCopy as copy } from '../../content/team-mail';
import { escapeHtml } from '../../domain/escape-html';
import { contractMailCopy } from '../../content/contract';
import { leadPageUrl, messageIdDomain, type TeamMail } from '../mail/team-mail';
import type { AlertDetails, AlertKind } from './alert-store';

export { leadPageUrl };

export function leadAlertMail(
  kind: AlertKind,
  ideaId: string | null,
  details: AlertDetails,
  options: { from: string; to: string; siteUrl: string | undefined; key: string; text: string },
): TeamMail {
  const overdue = kind === 'lead_overdue';
  const erased = kind === 'lead_erased';
  const answered = kind === 'founder_answered';
  const accepted = kind === 'quote_accepted';
  const mailbox = kind === 'mailbox_problem';
  const contract =
    kind === 'contract_signed'
      ? { title: contractMailCopy.signedTitle, subject: contractMailCopy.signedSubject(details.reference ?? '') }
      : kind === 'contract_concluded'
        ? { title: contractMailCopy.teamTitle, subject: contractMailCopy.teamSubject(details.reference ?? '') }
        : undefined;
  const title = contract
    ? contract.title
    : mailbox
      ? copy.mailboxTitle
      : answered
        ? copy.answeredTitle
        : accepted
          ? copy.quoteAcceptedTitle
          : kind === 'lead_assigned'
            ? copy.assignedTitle
            : erased
              ? copy.erasedTitle
              : copy.mailTitle(overdue);
  const link = ideaId ? leadPageUrl(ideaId, options.siteUrl) : undefined;
  const reference = details.reference ?? '';
  return {
    from: options.from,
    to: options.to,
    subject: contract
      ? contract.subject
      : mailbox
        ? copy.mailboxSubject(details.problem ?? 'malformed', details.reference ?? undefined)
        : answered
          ? copy.answeredSubject(reference)
          : accepted
            ? copy.quoteAcceptedSubject(reference)
            : kind === 'lead_assigned'
              ? copy.assignedSubject(reference)
              : erased
                ? copy.erasedSubject(reference)
                : copy.mailSubject(reference, overdue),
    text: [options.text, ...(link ? ['', `${copy.open}: ${link}`] : [])].join('\n'),
    html: `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><p>${escapeHtml(options.text)}</p>${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(copy.open)}</a></p>` : ''}</body></html>`,
    messageId: `<${options.key.replaceAll(':', '.')}@${messageIdDomain(options.from)}>`,
    date: new Date(),
  };
}
