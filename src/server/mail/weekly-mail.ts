/**
 * The week's figures as a mail (decision 136): last week's leads beside the week before's (ideas, the share
 * delivered within 24 hours, prototypes, meetings, contracts, the best channel) and the leads overdue now, with
 * links into the workspace. Plain text and the same lines as HTML, every value escaped.
 */
import { channelLabels } from '../../content/lead-source';
import { weeklyMailCopy as copy } from '../../content/weekly-mail';
import { escapeHtml } from '../../domain/escape-html';
import { FIELD_FIGURES_SCREEN, type WeekFigures, type WeeklyFigures } from '../../domain/source-funnel';
import { TEAM_PATH } from '../../domain/team-paths';
import { messageIdDomain, type TeamMail } from './team-mail';

const onTime = (week: WeekFigures) =>
  week.counts.delivered === 0 ? null : week.counts.on_time / week.counts.delivered;
const best = (week: WeekFigures) =>
  week.best ? copy.best(channelLabels[week.best.channel], week.best.ideas, week.best.contracted) : copy.noBest;

/** Nothing to say: no idea in the last week and none overdue now. */
export const quietWeek = (figures: WeeklyFigures) => figures.lastWeek.counts.idea === 0 && figures.overdueNow === 0;

export function renderWeeklyMail(
  figures: WeeklyFigures,
  options: { from: string; to: string; siteUrl: string | undefined },
  sentAt: Date,
): TeamMail {
  const { lastWeek, weekBefore } = figures;
  const both = (value: (week: WeekFigures) => string) => `${value(lastWeek)} (${value(weekBefore)})`;
  const count = (step: keyof WeekFigures['counts']) => (week: WeekFigures) => copy.count(week.counts[step]);
  const rows: [string, string][] = [
    [copy.rows.ideas, both(count('idea'))],
    [copy.rows.onTime, both((week) => copy.rate(onTime(week)))],
    [copy.rows.delivered, both(count('delivered'))],
    [copy.rows.meeting, both(count('meeting'))],
    [copy.rows.contracted, both(count('contracted'))],
    [copy.rows.best, both(best)],
    [copy.rows.overdue, copy.count(figures.overdueNow)],
  ];
  const origin = (options.siteUrl ?? '').replace(/\/$/, '');
  const links: [string, string][] = [
    [copy.links.figures, `${origin}${TEAM_PATH}${FIELD_FIGURES_SCREEN}`],
    [copy.links.inbox, `${origin}${TEAM_PATH}`],
  ];
  const text = [
    copy.intro(lastWeek.from, lastWeek.to),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    copy.footer,
  ].join('\n');
  const html = `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><title>${escapeHtml(copy.title)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #111;">
<p>${escapeHtml(copy.intro(lastWeek.from, lastWeek.to))}</p>
<table cellpadding="4" style="border-collapse: collapse;">
${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${links.map(([label, url]) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`).join(' · ')}</p>
<p style="color: #555;">${escapeHtml(copy.footer)}</p>
</body></html>`;
  return {
    from: options.from,
    to: options.to,
    subject: copy.subject(lastWeek.counts.idea, lastWeek.counts.contracted),
    text,
    html,
    messageId: `<weekly-${lastWeek.to}-${options.to.replace(/[^\w.-]/g, '_')}@${messageIdDomain(options.from)}>`,
    date: sentAt,
  };
}
