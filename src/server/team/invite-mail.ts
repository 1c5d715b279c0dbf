/**
 * The invite mail (copy: content/team-invite-mail.ts), sent at once through the server's mail transport (SMTP, or
 * an .eml file under DATA_DIR/outbox without SMTP). Not through the outbox: the link is a secret that should not
 * sit in a table, and the owner sees at once whether it went (else invites again).
 */
import crypto from 'node:crypto';
import { site } from '../../content/site';
import { teamInviteMailCopy as copy } from '../../content/team-invite-mail';
import { escapeHtml } from '../../domain/escape-html';
import { formatKst } from '../../domain/kst';
import type { TeamMail } from '../mail/team-mail';
import type { MailTransport } from '../mail/transport';

export function renderInviteMail(invite: { email: string; link: string; expiresAt: Date }, from: string): TeamMail {
  const expires = copy.expires(formatKst(invite.expiresAt));
  const intro = copy.intro(site.name);
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return {
    from,
    to: invite.email,
    subject: copy.subject(site.name),
    text: [intro, '', invite.link, '', expires, copy.ignore].join('\n'),
    html:
      `<!doctype html><html lang="ko"><body style="word-break:keep-all"><h1>${escapeHtml(copy.title)}</h1>` +
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(invite.link)}">${escapeHtml(copy.linkLabel)}</a></p>` +
      `<p>${escapeHtml(expires)}</p><p>${escapeHtml(copy.ignore)}</p></body></html>`,
    messageId: `<invite-${crypto.randomUUID()}@${domain}>`,
    date: new Date(),
  };
}

/** Sends it; false when the transport refused or failed (logged without the address or the link). */
export async function sendInviteMail(
  transport: MailTransport,
  mail: TeamMail,
  log: { warn(object: object, message: string): void },
): Promise<boolean> {
  try {
    await transport.send(mail, `invite-${crypto.randomUUID()}`);
    return true;
  } catch (error) {
    log.warn({ err: { name: (error as Error).name } }, 'invite mail not sent');
    return false;
  }
}
