/**
 * The lead API on both databases, signed in: the inbox's order, filters, search and paging; one lead with its
 * timeline; the memo's ranges; every change with its event and access record; erasure with the typed reference;
 * export with its reason; the figures; and a malformed or unknown id answering 400/404 while changing nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadsCopy } from '../../content/workspace';
import {
  LEAD_EXPORT_PATH,
  LEAD_NOTE_MAX,
  LEAD_FIGURES_PATH,
  LEADS_PATH,
  leadPath,
  type LeadDetail,
  type LeadList,
} from '../../domain/workspace-api';
import { LIST_VIEW_WINDOW_MS } from '../../domain/access-actions';
import { leadReference } from '../../domain/lead-reference';
import { leadFigures } from '../ideas/lead-inbox';
import { listAccessRecords } from './access-records';
import { signedIn, storeLead, storeMember } from '../../../test-support/server/lead-fixtures';
import { asMember, useTeamTestApp } from '../../../test-support/server/team-test-app';
import { buildTestApp } from '../../../test-support/server/test-app';
import { APP_TEST_TIMEOUT_MS, DRIVERS } from '../../../test-support/server/test-database';

const HOUR = 3_600_000;
const MEMO = fs.readFileSync(
  path.join(import.meta.dirname, '../../../test-support/server/memo-fixtures/chromium-opus.webm'),
);

describe.each(DRIVERS)('the lead API on %s', { timeout: APP_TEST_TIMEOUT_MS }, (driver) => {
  const team = useTeamTestApp(driver);
  let headers: Record<string, string>;
  let memberId: string;

  beforeEach(async () => {
    const session = await signedIn(team.database);
    headers = session.headers;
    memberId = session.member.id;
  });

  const get = (url: string, extra: Record<string, string> = {}) =>
    team.app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
  const post = (url: string, payload: unknown) => asMember(team.app, { headers }, 'POST', url, payload);
  const records = (action: string) =>
    team.database.rows<{ idea_id: string | null; details: Record<string, unknown> }>(
      sql`select idea_id, details from access_records where action = ${action} order by seq`,
    );
  const snapshot = async () =>
    JSON.stringify(
      await team.database.rows(sql`select i.*, (select count(*) from idea_events) as events,
        (select count(*) from access_records) as records from ideas i order by id`),
    );

  it('lists open leads by promise, oldest first, then the delivered and closed ones; records the filter', async () => {
    const now = Date.now();
    const late = await storeLead(team.database, { receivedAt: new Date(now - 30 * HOUR), name: '늦은 사람' });
    const soon = await storeLead(team.database, { receivedAt: new Date(now - 20 * HOUR) });
    const fresh = await storeLead(team.database, {
      receivedAt: new Date(now - 1 * HOUR),
      memo: { mimeType: 'audio/webm', bytes: MEMO, durationMs: 3000 },
    });
    const delivered = await storeLead(team.database, {
      receivedAt: new Date(now - 10 * HOUR),
      stage: 'delivered',
      prototypeDeliveredAt: new Date(now - 5 * HOUR),
    });
    const spam = await storeLead(team.database, { receivedAt: new Date(now - 2 * HOUR), spamReason: 'honeypot' });

    const response = await get(LEADS_PATH);
    expect(response.statusCode).toBe(200);
    const list = response.json<LeadList>();
    expect(list.leads.map((lead) => lead.id)).toEqual([late, soon, fresh, delivered]);
    expect(list.total).toBe(4);
    expect(list.leads[2]!.voice).toBe(true);
    expect(list.leads[0]!.clock.promisedBy).toBe(new Date(now - 6 * HOUR).toISOString());
    expect(Date.parse(list.now)).toBeGreaterThan(now - 1000);

    const overdue = (await get(`${LEADS_PATH}?overdue=true`)).json<LeadList>();
    expect(overdue.leads.map((lead) => lead.id)).toEqual([late]);
    const spamFolder = (await get(`${LEADS_PATH}?folder=spam`)).json<LeadList>();
    expect(spamFolder.leads.map((lead) => lead.id)).toEqual([spam]);
    const byStage = (await get(`${LEADS_PATH}?stage=delivered`)).json<LeadList>();
    expect(byStage.leads.map((lead) => lead.id)).toEqual([delivered]);
    const searched = (await get(`${LEADS_PATH}?q=${encodeURIComponent('늦은')}`)).json<LeadList>();
    expect(searched.leads.map((lead) => lead.id)).toEqual([late]);
    // A typed % is searched for as itself.
    expect((await get(`${LEADS_PATH}?q=%25`)).json<LeadList>().total).toBe(0);
    const paged = (await get(`${LEADS_PATH}?page=2&pageSize=3`)).json<LeadList>();
    expect(paged.leads.map((lead) => lead.id)).toEqual([delivered]);
    const across = (await get(`${LEADS_PATH}?page=2&pageSize=2`)).json<LeadList>();
    expect(across.leads.map((lead) => lead.id)).toEqual([fresh, delivered]);
    const searchedPage = (await get(`${LEADS_PATH}?q=gildong&page=2&pageSize=2`)).json<LeadList>();
    expect(searchedPage).toMatchObject({ total: 4 });
    expect(searchedPage.leads.map((lead) => lead.id)).toEqual([fresh, delivered]);

    // Nine list views, four records (recordListView): the first list, the spam folder (a lead the list had not
    // shown), the first search, and the searched page (leads the first search had not shown). A search is covered
    // only by searches: that the member searched is kept.
    const listed = await records('lead_listed');
    expect(listed.map((record) => [record.details.searched, record.details.leads])).toEqual([
      [false, [late, soon, fresh, delivered].join(',')],
      [false, spam],
      [true, late],
      [true, [fresh, delivered].join(',')],
    ]);
    expect(listed[0]!.details).toMatchObject({ folder: 'inbox', overdue: false, searched: false, shown: 4 });
    expect(listed[1]!.details).toMatchObject({ folder: 'spam', shown: 1 });
    expect(JSON.stringify(listed)).not.toContain('늦은');
    expect(listed.every((record) => record.idea_id === null)).toBe(true);

    expect((await get(`${LEADS_PATH}?stage=nope`)).statusCode).toBe(400);
    expect((await get(`${LEADS_PATH}?pageSize=1000`)).statusCode).toBe(400);
  });

  it("groups a member's repeated list views in the window, still naming every lead shown", async () => {
    const first = await storeLead(team.database, { name: '김철수' });
    const second = await storeLead(team.database, { name: '이영희' });
    const listed = async () =>
      (await records('lead_listed')).map((record) => [
        record.details.searched,
        String(record.details.leads).split(',').sort().join(','),
      ]);
    const view = async (url: string, extra: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
      expect(
        (await team.app.inject({ method: 'GET', url, headers: { ...headers, ...extra }, remoteAddress })).statusCode,
      ).toBe(200);

    await view(LEADS_PATH);
    // The same list again and a page that show only leads the first record named: no more records. A search is a
    // record of its own (the member searched), and the same search again is not.
    await view(LEADS_PATH);
    await view(`${LEADS_PATH}?page=1&pageSize=1`);
    const both = [first, second].sort().join(',');
    expect(await listed()).toEqual([[false, both]]);
    await view(`${LEADS_PATH}?q=${encodeURIComponent('영희')}`);
    await view(`${LEADS_PATH}?q=${encodeURIComponent('영희')}`);
    expect(await listed()).toEqual([
      [false, both],
      [true, second],
    ]);

    // A lead not yet named is a record of its own, naming every lead the view showed.
    const third = await storeLead(team.database, { name: '박민수' });
    await view(LEADS_PATH);
    await view(LEADS_PATH);
    expect(await listed()).toEqual([
      [false, both],
      [true, second],
      [false, [first, second, third].sort().join(',')],
    ]);
    // Another member, or this member from another address, is recorded apart.
    const other = await signedIn(team.database, 'member');
    await view(LEADS_PATH, other.headers);
    await view(LEADS_PATH, {}, '192.0.2.7');
    expect(await listed()).toHaveLength(5);

    // Once this member's records are older than the window, the same list is recorded again (a search here).
    await team.database.rows(sql`update access_records set at = at - ${LIST_VIEW_WINDOW_MS} * interval '1 millisecond'
      where member_id = ${memberId}::uuid`);
    await view(`${LEADS_PATH}?q=${encodeURIComponent('영희')}`);
    expect((await listed()).at(-1)).toEqual([true, second]);

    // A lead's own page stays one record per view.
    await view(leadPath(first));
    await view(leadPath(first));
    expect(await records('lead_viewed')).toHaveLength(2);

    // Who viewed the second lead: every member whose list showed it, found by its reference.
    const viewers = await listAccessRecords(team.database, { limit: 50, ideaPrefix: leadReference(second) });
    expect(new Set(viewers.map((record) => record.memberId))).toEqual(new Set([memberId, other.member.id]));
    expect(viewers.map((record) => record.action)).toEqual(Array(6).fill('lead_listed'));
  });

  it('shows one lead whole, with delivery and timeline, and records the view', async () => {
    const id = await storeLead(team.database, { memo: { mimeType: 'audio/webm', bytes: MEMO, durationMs: 3000 } });
    const response = await get(leadPath(id));
    expect(response.statusCode).toBe(200);
    const lead = response.json<LeadDetail>();
    expect(lead).toMatchObject({
      id,
      reference: id.slice(0, 8),
      name: '홍길동',
      email: 'gildong@example.com',
      phone: '010-1234-5678',
      stage: 'new',
      memo: { mimeType: 'audio/webm', durationMs: 3000, byteSize: MEMO.length },
      delivery: { status: 'sent' },
    });
    expect(lead.timeline.map((entry) => entry.kind)).toEqual(['received', 'mail_sent']);
    expect(lead.members.map((member) => member.id)).toContain(memberId);
    expect(await records('lead_viewed')).toEqual([{ idea_id: id, details: {} }]);
  });

  it('streams the memo with ranges, recording one playback', async () => {
    const id = await storeLead(team.database, { memo: { mimeType: 'audio/webm', bytes: MEMO, durationMs: 3000 } });
    const whole = await get(`${leadPath(id)}/memo`, { range: 'bytes=0-' });
    expect(whole.statusCode).toBe(206);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['content-range']).toBe(`bytes 0-${MEMO.length - 1}/${MEMO.length}`);
    expect(whole.rawPayload.equals(MEMO)).toBe(true);
    const part = await get(`${leadPath(id)}/memo`, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(MEMO.subarray(10, 20))).toBe(true);
    const none = await get(`${leadPath(id)}/memo`, { range: `bytes=${MEMO.length}-` });
    expect(none.statusCode).toBe(416);
    expect(none.headers['content-range']).toBe(`bytes */${MEMO.length}`);
    const plain = await get(`${leadPath(id)}/memo`);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(MEMO)).toBe(true);
    const head = await team.app.inject({ method: 'HEAD', url: `${leadPath(id)}/memo`, headers });
    expect(head.statusCode).toBe(200);
    expect(await records('memo_played')).toHaveLength(2);

    const silent = await storeLead(team.database);
    expect((await get(`${leadPath(silent)}/memo`)).statusCode).toBe(404);
  });

  it('records a memo read that skips its first byte: a range not from 0 is a playback unless one was just recorded', async () => {
    const id = await storeLead(team.database, { memo: { mimeType: 'audio/webm', bytes: MEMO, durationMs: 3000 } });
    // All but the first byte (a WebM file always starts with the same one): the whole memo, read without a playback.
    const skipped = await get(`${leadPath(id)}/memo`, { range: 'bytes=1-' });
    expect(skipped.statusCode).toBe(206);
    expect(skipped.rawPayload.equals(MEMO.subarray(1))).toBe(true);
    expect(await records('memo_played')).toHaveLength(1);
    // The player's seeks within that playback add none.
    expect((await get(`${leadPath(id)}/memo`, { range: 'bytes=10-19' })).statusCode).toBe(206);
    expect(await records('memo_played')).toHaveLength(1);
  });

  it('changes stage, owner and notes with who and when, an event and an access record each', async () => {
    const id = await storeLead(team.database);
    const colleague = await storeMember(team.database, 'member', 'colleague@mvp24.example');
    const delivered = await post(`${leadPath(id)}/stage`, {
      stage: 'delivered',
      prototypeUrl: 'https://proto.example/x',
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json<LeadDetail>()).toMatchObject({ stage: 'delivered', prototypeUrl: 'https://proto.example/x' });
    expect(delivered.json<LeadDetail>().clock.deliveredAt).not.toBeNull();
    expect((await post(`${leadPath(id)}/stage`, { stage: 'delivered' })).statusCode).toBe(400);
    expect((await post(`${leadPath(id)}/stage`, { stage: 'closed', reason: ' ' })).statusCode).toBe(400);

    const owned = await post(`${leadPath(id)}/owner`, { ownerId: colleague.id });
    expect(owned.json<LeadDetail>().owner).toEqual(colleague);
    expect((await post(`${leadPath(id)}/owner`, { ownerId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      400,
    );
    const noted = await post(`${leadPath(id)}/notes`, { text: '내일 전화하기로 함' });
    const timeline = noted.json<LeadDetail>().timeline;
    expect(timeline.map((entry) => entry.kind)).toEqual(['received', 'mail_sent', 'stage', 'owner', 'note']);
    expect(timeline[3]).toMatchObject({ ownerEmail: colleague.email });
    expect(timeline[4]).toMatchObject({ text: '내일 전화하기로 함' });
    expect(timeline.slice(2).every((entry) => 'memberEmail' in entry && entry.memberEmail !== null)).toBe(true);
    expect((await records('stage_changed'))[0]).toEqual({ idea_id: id, details: { stage: 'delivered' } });
    expect(await records('owner_changed')).toHaveLength(1);
    expect(await records('note_added')).toHaveLength(1);
  });

  it('closes a lead at 검토 중 with 종료: its clock stops, never overdue, out of the figures; leaving 종료 reopens', async () => {
    const id = await storeLead(team.database, { receivedAt: new Date(Date.now() - 2 * 60_000), stage: 'reviewing' });
    const closed = await post(`${leadPath(id)}/stage`, { stage: 'closed', reason: '예산이 맞지 않음' });
    expect(closed.statusCode).toBe(200);
    const lead = closed.json<LeadDetail>();
    expect(lead.closedAt).not.toBeNull();
    // Looked at two days later: not overdue, not due, not delivered.
    const later = new Date(Date.now() + 48 * HOUR);
    expect(await leadFigures(team.database, later)).toMatchObject({ due: 0, deliveredInTime: 0, overdueNow: 0 });
    expect((await get(`${LEADS_PATH}?overdue=true`)).json<LeadList>().total).toBe(0);
    // The retention close and 종료 are one: the consultation's close is not asked twice.
    expect((await post(`${leadPath(id)}/close`, {})).statusCode).toBe(409);
    const reopened = await post(`${leadPath(id)}/stage`, { stage: 'building' });
    expect(reopened.json<LeadDetail>()).toMatchObject({ stage: 'building', closedAt: null });
  });

  it('refuses 미팅 or 계약 before a prototype went out, with a Korean message and nothing changed', async () => {
    const id = await storeLead(team.database, { stage: 'reviewing' });
    const before = await snapshot();
    for (const stage of ['meeting', 'contracted']) {
      const refused = await post(`${leadPath(id)}/stage`, { stage });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'stage_refused',
        message: expect.stringMatching(/프로토타입/),
      });
    }
    expect(await snapshot()).toBe(before);
    await post(`${leadPath(id)}/stage`, { stage: 'delivered', prototypeUrl: 'https://proto.example/x' });
    expect((await post(`${leadPath(id)}/stage`, { stage: 'meeting' })).statusCode).toBe(200);
  });

  it("closes a consultation (the CLI's close) at 종료", async () => {
    const id = await storeLead(team.database, { stage: 'reviewing' });
    expect((await post(`${leadPath(id)}/close`, {})).json<LeadDetail>()).toMatchObject({ stage: 'closed' });
  });

  it('shows a release and a close made before the timeline kept events', async () => {
    const id = await storeLead(team.database, { spamReason: 'honeypot' });
    await team.database.rows(sql`update ideas set released_at = now(), closed_at = now() where id = ${id}::uuid`);
    const lead = (await get(leadPath(id))).json<LeadDetail>();
    expect(lead.timeline.map((entry) => entry.kind).sort()).toEqual(['closed', 'received', 'released']);
  });

  it.runIf(driver === 'postgres')('shows a change made on one instance on another', async () => {
    const other = await buildTestApp(team.store, { JOBS: 'false' });
    try {
      const id = await storeLead(team.database);
      await post(`${leadPath(id)}/stage`, { stage: 'building' });
      const seen = await other.inject({ method: 'GET', url: leadPath(id), headers });
      expect(seen.json<LeadDetail>().stage).toBe('building');
    } finally {
      await other.close();
    }
  });

  it('releases a spam-folder lead once and closes a consultation once', async () => {
    const spam = await storeLead(team.database, { spamReason: 'too_fast' });
    const released = await post(`${leadPath(spam)}/release`, {});
    expect(released.statusCode).toBe(200);
    // Queued for the team mail; this suite's app runs the mail worker, which may take it before the answer is read.
    expect(['pending', 'sending', 'sent']).toContain(released.json<LeadDetail>().delivery.status);
    expect((await post(`${leadPath(spam)}/release`, {})).statusCode).toBe(409);
    const normal = await storeLead(team.database);
    expect((await post(`${leadPath(normal)}/release`, {})).statusCode).toBe(409);
    expect(await records('lead_released')).toHaveLength(1);

    const closed = await post(`${leadPath(normal)}/close`, {});
    expect(closed.json<LeadDetail>().closedAt).not.toBeNull();
    expect((await post(`${leadPath(normal)}/close`, {})).statusCode).toBe(409);
    expect(await records('lead_closed')).toHaveLength(1);
  });

  it('erases a lead only with its reference typed again: rows, events and memo gone, the erasure recorded', async () => {
    const id = await storeLead(team.database, { memo: { mimeType: 'audio/webm', bytes: MEMO, durationMs: 3000 } });
    await post(`${leadPath(id)}/notes`, { text: '메모' });
    const wrong = await team.app.inject({
      method: 'DELETE',
      url: leadPath(id),
      headers,
      payload: { confirm: 'deadbeef' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await team.database.rows(sql`select id from ideas`)).length).toBe(1);
    const erased = await team.app.inject({
      method: 'DELETE',
      url: leadPath(id),
      headers,
      payload: { confirm: id.slice(0, 8).toUpperCase() },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: true });
    for (const table of ['ideas', 'voice_memos', 'outbox', 'idea_events'])
      expect(await team.database.rows(sql.raw(`select 1 from ${table}`)), table).toHaveLength(0);
    expect(await records('lead_erased')).toEqual([{ idea_id: id, details: {} }]);
    expect((await get(leadPath(id))).statusCode).toBe(404);
  });

  it('exports CSV only with a reason, and records it with the count and the leads it held', async () => {
    const ids = [await storeLead(team.database, { name: '=CMD()' }), await storeLead(team.database)];
    expect((await post(LEAD_EXPORT_PATH, {})).statusCode).toBe(400);
    expect((await post(LEAD_EXPORT_PATH, { reason: '  ' })).statusCode).toBe(400);
    const response = await post(LEAD_EXPORT_PATH, { reason: '월간 보고' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF접수 번호')).toBe(true);
    expect(response.body).toContain("'=CMD()");
    expect(await records('leads_exported')).toEqual([
      { idea_id: null, details: { reason: '월간 보고', count: 2, leads: expect.any(String) } },
    ]);
    const [record] = await records('leads_exported');
    expect(String(record!.details.leads).split(',').sort()).toEqual([...ids].sort());
  });

  it("exports what the list's filter holds, with owner, stage history, notes and closing reason", async () => {
    const colleague = await storeMember(team.database, 'member', 'colleague@mvp24.example');
    const closed = await storeLead(team.database, { name: '닫힌 리드' });
    const open = await storeLead(team.database, { name: '열린 리드' });
    await storeLead(team.database, { name: '스팸 리드', spamReason: 'honeypot' });
    expect((await post(`${leadPath(closed)}/owner`, { ownerId: colleague.id })).statusCode).toBe(200);
    expect((await post(`${leadPath(closed)}/stage`, { stage: 'reviewing' })).statusCode).toBe(200);
    expect((await post(`${leadPath(closed)}/notes`, { text: '전화 두 번 안 받음' })).statusCode).toBe(200);
    expect((await post(`${leadPath(closed)}/stage`, { stage: 'closed', reason: '연락 두절' })).statusCode).toBe(200);

    const rowsOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
    const closedOnly = await post(LEAD_EXPORT_PATH, { reason: '종료 점검', stage: 'closed' });
    expect(closedOnly.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(closedOnly.body);
    expect(header).toContain(Object.values(leadsCopy.csvColumns).join(','));
    expect(rows.join('\n')).toContain('닫힌 리드');
    expect(closedOnly.body).not.toContain('열린 리드');
    expect(closedOnly.body).toContain('colleague@mvp24.example');
    expect(closedOnly.body).toMatch(/검토 중\n[^"]*종료/);
    expect(closedOnly.body).toContain('전화 두 번 안 받음');
    expect(closedOnly.body).toContain(',연락 두절');
    // A search, and the inbox folder leaves the spam folder out.
    const searched = await post(LEAD_EXPORT_PATH, { reason: '찾기', q: '열린' });
    expect(searched.body).toContain('열린 리드');
    expect(searched.body).not.toContain('닫힌 리드');
    const inbox = await post(LEAD_EXPORT_PATH, { reason: '전체' });
    expect(inbox.body).not.toContain('스팸 리드');
    expect((await post(LEAD_EXPORT_PATH, { reason: '스팸', folder: 'spam' })).body).toContain('스팸 리드');
    expect(open).toBeDefined();
  });

  it('counts this KST month: received, delivered within 24 h, the median time and the overdue', async () => {
    const now = new Date('2026-11-15T00:00:00Z');
    const day = new Date('2026-11-10T00:00:00Z');
    await storeLead(team.database, {
      receivedAt: day,
      stage: 'delivered',
      prototypeDeliveredAt: new Date(day.getTime() + 10 * HOUR),
    });
    await storeLead(team.database, {
      receivedAt: day,
      stage: 'meeting',
      prototypeDeliveredAt: new Date(day.getTime() + 30 * HOUR),
    });
    // 2026-11-01 08:00 KST is still October 31st in UTC but November in Korea; 10-31 14:00 UTC is October in Korea.
    await storeLead(team.database, { receivedAt: new Date('2026-10-31T23:00:00Z') });
    await storeLead(team.database, { receivedAt: new Date('2026-10-31T14:00:00Z'), stage: 'closed' });
    await storeLead(team.database, { receivedAt: day, spamReason: 'honeypot' });
    expect(await leadFigures(team.database, now)).toEqual({
      month: '2026-11',
      received: 3,
      due: 3,
      deliveredInTime: 1,
      medianMinutesToPrototype: 20 * 60,
      overdueNow: 1,
    });
    const response = await get(LEAD_FIGURES_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('overdueNow', 1);
  });

  it('answers a malformed id 400 and an unknown one 404, changing nothing', async () => {
    const existing = await storeLead(team.database, { spamReason: 'honeypot' });
    const before = await snapshot();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload, status] of [
      ['GET', leadPath('not-an-id'), undefined, 400],
      ['GET', leadPath(unknown), undefined, 404],
      ['GET', `${leadPath(unknown)}/memo`, undefined, 404],
      ['POST', `${leadPath('1234')}/stage`, { stage: 'reviewing' }, 400],
      ['POST', `${leadPath(unknown)}/stage`, { stage: 'reviewing' }, 404],
      ['POST', `${leadPath(unknown)}/owner`, { ownerId: null }, 404],
      ['POST', `${leadPath(unknown)}/notes`, { text: '메모' }, 404],
      ['POST', `${leadPath(unknown)}/release`, {}, 404],
      ['POST', `${leadPath(unknown)}/close`, {}, 404],
      ['DELETE', leadPath(unknown), { confirm: '00000000' }, 404],
      ['DELETE', leadPath('x'), { confirm: 'x' }, 400],
      // An existing lead with a body that does not hold: nothing changes either.
      ['POST', `${leadPath(existing)}/stage`, { stage: 'delivered', prototypeUrl: 'javascript:alert(1)' }, 400],
      ['POST', `${leadPath(existing)}/stage`, { stage: 'nope' }, 400],
      ['POST', `${leadPath(existing)}/owner`, { ownerId: 'someone' }, 400],
      ['POST', `${leadPath(existing)}/owner`, { ownerId: '00000000-0000-4000-8000-000000000000' }, 400],
      ['POST', `${leadPath(existing)}/notes`, { text: 'x'.repeat(LEAD_NOTE_MAX + 1) }, 400],
      ['POST', `${leadPath(existing)}/notes`, { text: '   ' }, 400],
      ['DELETE', leadPath(existing), { confirm: existing.slice(0, 7) }, 400],
      ['DELETE', leadPath(existing), {}, 400],
      ['POST', LEAD_EXPORT_PATH, { reason: 'x'.repeat(501) }, 400],
    ] as const) {
      const response = await team.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json().error.code).toBe(status === 400 ? 'invalid' : 'not_found');
      expect(response.json().error.message).toMatch(/[가-힣]/);
    }
    expect(await snapshot()).toBe(before);
  });
});
