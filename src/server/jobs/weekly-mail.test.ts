/**
 * The week's figures by mail (decision 136), on PGlite and PostgreSQL: its next time from WEEKLY_MAIL_AT in KST, its
 * recipients (owners, members who opted in on the 현황 screen, never a removed member), its figures read from the
 * per-day × source summaries beside the week before, and nothing sent in a quiet week.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { weeklyMailCopy } from '../../content/weekly-mail';
import { WEEKLY_MAIL_PATH, type WeeklyMailChoice } from '../../domain/source-funnel';
import { signedIn, storeLead, storeMember } from '../../../test-support/server/lead-fixtures';
import { asMember, useTeamTestApp } from '../../../test-support/server/team-test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import { testConfig } from '../config';
import type { TeamMail } from '../mail/team-mail';
import type { MailTransport } from '../mail/transport';
import { changeStage } from '../ideas/lead-stages';
import { nextWeeklyTime, sendWeeklyMail } from './weekly-mail';

const HOUR = 3_600_000;
const MONDAY_9_KST = { weekday: 1, hour: 9, minute: 0 };

describe('the weekly mail’s time', () => {
  it('is the next Monday 09:00 KST by default, strictly after now', () => {
    expect(testConfig({}).weeklyMail).toEqual(MONDAY_9_KST);
    expect(testConfig({ WEEKLY_MAIL_AT: 'off' }).weeklyMail).toBeNull();
    expect(() => testConfig({ WEEKLY_MAIL_AT: 'monday 9' })).toThrow(/WEEKLY_MAIL_AT/);
    // Sunday 21:00 KST → Monday 09:00 KST (00:00 UTC).
    expect(nextWeeklyTime(new Date('2026-11-29T12:00:00Z'), MONDAY_9_KST).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    // At the time itself the turn is taken: the next is a week on.
    expect(nextWeeklyTime(new Date('2026-11-30T00:00:00Z'), MONDAY_9_KST).toISOString()).toBe(
      '2026-12-07T00:00:00.000Z',
    );
    // Monday 08:59 KST is still before it.
    expect(nextWeeklyTime(new Date('2026-11-29T23:59:00Z'), MONDAY_9_KST).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(nextWeeklyTime(new Date('2026-11-30T00:00:00Z'), { weekday: 5, hour: 18, minute: 30 }).toISOString()).toBe(
      '2026-12-04T09:30:00.000Z',
    );
  });
});

describe.each(DRIVERS)('the weekly mail on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const team = useTeamTestApp(driver);
  const NOW = new Date('2026-11-30T00:00:00Z'); // Monday 09:00 KST
  const outbox = () => {
    const sent: TeamMail[] = [];
    const transport: MailTransport = {
      kind: 'eml',
      send: async (mail) => (sent.push(mail), 'written'),
      close: () => {},
    };
    return { sent, transport };
  };
  const options = { from: '24시간 MVP <no-reply@mvp24.example>', siteUrl: 'https://mvp24.example' };

  it('tells owners and the members who asked, last week beside the week before, and nothing in a quiet week', async () => {
    const quiet = outbox();
    await storeMember(team.database, 'owner', 'owner@mvp24.example');
    expect(await sendWeeklyMail(team.database, quiet.transport, options, NOW)).toBe(0);
    expect(quiet.sent).toEqual([]);

    const member = await signedIn(team.database, 'member');
    await storeMember(team.database, 'member', 'quiet@mvp24.example');
    const removed = await storeMember(team.database, 'owner', 'gone@mvp24.example');
    await team.database.rows(sql`update team_members set removed_at = now() where id = ${removed.id}::uuid`);
    // The member asks for it on the 현황 screen.
    const choice = await asMember(team.app, member, 'POST', WEEKLY_MAIL_PATH, { on: true });
    expect(choice.json<WeeklyMailChoice>()).toEqual({ on: true, owner: false });

    // Last week (Nov 23–29 KST): two from a Naver ad, one contracted; one from Instagram. The week before: one.
    const lastWeek = new Date('2026-11-24T03:00:00Z');
    const naver = { channel: 'search', source: 'naver', medium: 'cpc', campaign: 'mvp-24' } as const;
    const signed = await storeLead(team.database, { receivedAt: lastWeek, source: naver });
    await storeLead(team.database, { receivedAt: lastWeek, source: naver });
    await storeLead(team.database, {
      receivedAt: lastWeek,
      source: { channel: 'social', source: 'instagram', medium: '', campaign: '' },
    });
    await storeLead(team.database, { receivedAt: new Date('2026-11-18T03:00:00Z') });
    const move = (change: Parameters<typeof changeStage>[2], hours: number) =>
      team.database.transaction((rows) =>
        changeStage(rows, signed, change, { memberId: null, now: new Date(lastWeek.getTime() + hours * HOUR) }),
      );
    await move({ stage: 'delivered', prototypeUrl: 'https://proto.example/a' }, 20);
    await move({ stage: 'meeting' }, 30);
    await move({ stage: 'contracted' }, 40);

    const { sent, transport } = outbox();
    expect(await sendWeeklyMail(team.database, transport, options, NOW)).toBe(2);
    expect(sent.map((mail) => mail.to)).toEqual(['owner@mvp24.example', member.member.email].sort());
    const text = sent[0]!.text;
    expect(sent[0]!.subject).toBe(weeklyMailCopy.subject(3, 1));
    expect(text).toContain(weeklyMailCopy.intro('2026-11-23', '2026-11-29'));
    expect(text).toContain(`${weeklyMailCopy.rows.ideas}: 3건 (1건)`);
    expect(text).toContain(`${weeklyMailCopy.rows.onTime}: 100% (—)`);
    expect(text).toContain(`${weeklyMailCopy.rows.contracted}: 1건 (0건)`);
    expect(text).toContain(
      `${weeklyMailCopy.rows.best}: 검색 (아이디어 2건, 계약 1건) (알 수 없음 (아이디어 1건, 계약 0건))`,
    );
    expect(text).toContain('https://mvp24.example/team/field-figures');
    expect(sent[0]!.html).not.toContain('<script');
  });
});
