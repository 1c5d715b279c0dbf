/**
 * The lead's source and the funnel by source (decisions 134, 135), on PGlite and PostgreSQL: the source the intake
 * stores from the page's fields and from a form post's Referer; the per-day × source rows the triggers keep as a lead
 * is stored, moved, released and erased (and nothing left of an erased lead); the 현황 route's answer; the CSV.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SOURCE_FUNNEL_PATH, stageTimeBucket, type SourceFunnel } from '../../domain/source-funnel';
import { LEAD_EXPORT_PATH, LEADS_PATH } from '../../domain/workspace-api';
import { formPost, ideaBody, submitIdea } from '../../../test-support/server/intake-client';
import { signedIn, storeLead } from '../../../test-support/server/lead-fixtures';
import { asMember, useTeamTestApp } from '../../../test-support/server/team-test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';
import { changeStage } from '../ideas/lead-stages';
import { deleteIdea, releaseIdea } from '../ideas/team-ideas';

const HOUR = 3_600_000;

describe.each(DRIVERS)('the funnel by source on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const team = useTeamTestApp(driver);

  const sourceOf = async (id: string) =>
    (
      await team.database.rows<{ channel: string; name: string; medium: string; campaign: string }>(sql`
        select source_channel as channel, source_name as name, source_medium as medium, source_campaign as campaign
        from ideas where id = ${id}::uuid`)
    )[0];
  const summary = async () =>
    (
      await team.database.rows<{
        channel: string;
        source: string;
        campaign: string;
        step: string;
        detail: string;
        count: number;
      }>(
        sql`select channel, source, campaign, step, detail, count from lead_source_days order by step, detail, channel`,
      )
    ).map((row) => ({ ...row, count: Number(row.count) }));
  const send = async (body: Record<string, unknown>, address: string) => {
    const answer = await submitIdea(team.app, ideaBody(body), { 'idempotency-key': crypto.randomUUID() }, address);
    expect(answer.statusCode).toBe(202);
    return answer.json<{ id: string }>().id;
  };

  it('stores the source the page noted, and a form post’s campaign from its own page’s address', async () => {
    const ad = await send(
      {
        sourceParams: 'utm_source=instagram&utm_medium=paid-social&utm_campaign=autumn',
        sourceReferrer: 'l.instagram.com',
      },
      '10.0.0.1',
    );
    const search = await send({ sourceReferrer: 'm.search.naver.com' }, '10.0.0.2');
    const direct = await send({}, '10.0.0.3');
    // A forged field is dropped to its kept parameters, never refused.
    const forged = await send({ sourceParams: 'gclid=123&utm_source=naver', sourceReferrer: 42 }, '10.0.0.4');
    expect(await sourceOf(ad)).toEqual({
      channel: 'social',
      name: 'instagram',
      medium: 'paid-social',
      campaign: 'autumn',
    });
    expect(await sourceOf(search)).toEqual({ channel: 'search', name: 'naver', medium: '', campaign: '' });
    expect(await sourceOf(direct)).toEqual({ channel: 'direct', name: '', medium: '', campaign: '' });
    expect((await sourceOf(forged))?.name).toBe('naver');

    const fields = {
      idea: '동네 꽃집 정기 배송 앱',
      name: '이수진',
      email: 'sujin@example.com',
      phone: '',
      website: '',
    };
    const withCampaign = await formPost(
      team.app,
      fields,
      { referer: 'http://localhost/?utm_source=kakao&utm_campaign=share' },
      '10.0.0.5',
    );
    const without = await formPost(
      team.app,
      { ...fields, email: 'sujin2@example.com' },
      { referer: 'http://localhost/' },
      '10.0.0.6',
    );
    expect([withCampaign.statusCode, without.statusCode]).toEqual([303, 303]);
    const stored = await team.database.rows<{ channel: string; campaign: string }>(sql`
      select source_channel as channel, source_campaign as campaign from ideas where without_script order by email`);
    // (sujin2@ sorts before sujin@)
    expect(stored).toEqual([
      { channel: 'unknown', campaign: '' },
      { channel: 'social', campaign: 'share' },
    ]);
  });

  it('keeps the day × source rows as a lead moves, is released and is erased, and leaves nothing of it', async () => {
    const received = new Date(Date.now() - 30 * HOUR);
    const lead = await storeLead(team.database, {
      receivedAt: received,
      source: { channel: 'search', source: 'naver', medium: 'cpc', campaign: 'mvp-24' },
    });
    const move = (change: Parameters<typeof changeStage>[2], at: Date) =>
      team.database.transaction((rows) => changeStage(rows, lead, change, { memberId: null, now: at }));
    await move({ stage: 'building' }, new Date(received.getTime() + 2 * HOUR));
    await move(
      { stage: 'delivered', prototypeUrl: 'https://proto.example/a' },
      new Date(received.getTime() + 20 * HOUR),
    );
    await move({ stage: 'meeting' }, new Date(received.getTime() + 26 * HOUR));
    await move({ stage: 'closed', reason: '예산이 맞지 않음' }, new Date(received.getTime() + 29 * HOUR));
    const steps = (await summary()).map((row) => [row.step, row.detail, row.count]);
    expect(steps).toEqual([
      ['delivered', '', 1],
      ['idea', '', 1],
      ['lost:meeting', '예산이 맞지 않음', 1],
      ['meeting', '', 1],
      ['on_time', '', 1],
      ['time:building', String(stageTimeBucket(18 * 60)), 1],
      ['time:delivered', String(stageTimeBucket(6 * 60)), 1],
      ['time:meeting', String(stageTimeBucket(3 * 60)), 1],
      ['time:new', String(stageTimeBucket(2 * 60)), 1],
    ]);
    expect((await summary()).every((row) => row.channel === 'search' && row.campaign === 'mvp-24')).toBe(true);

    // Reopened and contracted: the loss goes, the contract comes.
    await move({ stage: 'contracted' }, new Date(received.getTime() + 29.5 * HOUR));
    const after = (await summary()).map((row) => row.step);
    expect(after).toContain('contracted');
    expect(after).not.toContain('lost:meeting');

    // The API answers the 현황 screen's funnel from these rows.
    const { headers } = await signedIn(team.database);
    const answer = await asMember(team.app, { headers }, 'GET', `${SOURCE_FUNNEL_PATH}?days=7`);
    expect(answer.statusCode).toBe(200);
    const funnel = answer.json<SourceFunnel>();
    expect(funnel.total).toMatchObject({ idea: 1, delivered: 1, on_time: 1, meeting: 1, contracted: 1 });
    expect(funnel.channels).toEqual([expect.objectContaining({ channel: 'search', source: '', campaign: '' })]);
    expect(funnel.sources).toEqual([
      expect.objectContaining({ channel: 'search', source: 'naver', campaign: 'mvp-24' }),
    ]);
    expect(funnel.stageTimes.map((time) => time.stage)).toEqual(['new', 'building', 'delivered', 'meeting', 'closed']);
    expect(funnel.stageTimes[0]!.median).toBeGreaterThan(100);
    expect(funnel.stageTimes[0]!.median).toBeLessThan(150);
    expect((await asMember(team.app, { headers }, 'GET', `${SOURCE_FUNNEL_PATH}?days=8`)).statusCode).toBe(400);

    // The inbox filters by channel, and the CSV carries the source.
    const list = await asMember(team.app, { headers }, 'GET', `${LEADS_PATH}?channel=search`);
    expect(list.json<{ leads: { id: string; source: { campaign: string } }[] }>().leads).toEqual([
      expect.objectContaining({ id: lead, source: expect.objectContaining({ campaign: 'mvp-24' }) }),
    ]);
    expect(
      (await asMember(team.app, { headers }, 'GET', `${LEADS_PATH}?channel=social`)).json<{ leads: unknown[] }>().leads,
    ).toEqual([]);
    const csv = await asMember(team.app, { headers }, 'POST', LEAD_EXPORT_PATH, { reason: '유입 경로 확인' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('유입 채널');
    expect(csv.body).toContain('mvp-24');

    // Erased: every row it added goes, none is left at zero.
    await deleteIdea(team.database, lead, team.store.dataDir);
    expect(await summary()).toEqual([]);
  });

  it('gives the time in each stage per channel beside all channels together', async () => {
    const received = new Date(Date.now() - 48 * HOUR);
    const leadOf = async (channel: 'search' | 'social', hoursNew: number) => {
      const lead = await storeLead(team.database, {
        receivedAt: received,
        source: { channel, source: channel === 'search' ? 'naver' : 'instagram', medium: '', campaign: '' },
      });
      await team.database.transaction((rows) =>
        changeStage(
          rows,
          lead,
          { stage: 'building' },
          {
            memberId: null,
            now: new Date(received.getTime() + hoursNew * HOUR),
          },
        ),
      );
    };
    await leadOf('search', 1);
    await leadOf('search', 1);
    await leadOf('social', 10);
    const { headers } = await signedIn(team.database);
    const funnel = (await asMember(team.app, { headers }, 'GET', `${SOURCE_FUNNEL_PATH}?days=7`)).json<SourceFunnel>();
    const newStage = (times: SourceFunnel['stageTimes']) => times.find((time) => time.stage === 'new')!;
    expect(funnel.channelStageTimes.map((row) => row.channel)).toEqual(['search', 'social']);
    const [search, social] = funnel.channelStageTimes.map((row) => newStage(row.stageTimes));
    // Each within its bucket (20 % wide): an hour for search's two leads, ten for social's one.
    expect(search).toMatchObject({ stays: 2 });
    expect(search!.median).toBeGreaterThan(50);
    expect(search!.median).toBeLessThan(72);
    expect(social).toMatchObject({ stays: 1 });
    expect(social!.p75).toBeGreaterThan(500);
    expect(social!.p75).toBeLessThan(720);
    // All channels together: three stays, the median with the two one-hour ones, p75 reaching towards ten hours.
    const all = newStage(funnel.stageTimes);
    expect(all.stays).toBe(3);
    expect(all.median!).toBeLessThan(72);
    expect(all.p75!).toBeGreaterThan(search!.p75!);
  });

  it('counts a spam-folder idea only once released', async () => {
    const spam = await send({ website: 'http://spam.example', sourceReferrer: 'blog.naver.com' }, '10.0.2.1');
    expect(await summary()).toEqual([]);
    expect((await releaseIdea(team.database, spam)).ok).toBe(true);
    expect(await summary()).toEqual([
      { channel: 'blog', source: 'naver_blog', campaign: '', step: 'idea', detail: '', count: 1 },
    ]);
  });

  it('counts the leads stored before the summaries, once (lead_source_backfill)', async () => {
    const naver = { channel: 'search', source: 'naver', medium: '', campaign: '' } as const;
    const lead = await storeLead(team.database, { receivedAt: new Date(Date.now() - 40 * HOUR), source: naver });
    await team.database.transaction((rows) =>
      changeStage(rows, lead, { stage: 'closed', reason: '연락이 닿지 않음' }, { memberId: null }),
    );
    const counted = await summary();
    // As before the migration: no marks, no counts (a truncate fires no trigger).
    await team.database.rows(sql`truncate lead_funnel_marks, lead_source_days`);
    await team.database.rows(sql`select lead_source_backfill()`);
    expect(await summary()).toEqual(counted);
    await team.database.rows(sql`select lead_source_backfill()`);
    expect(await summary()).toEqual(counted);
  });
});
