/**
 * The access records screen against a stubbed /team/api: read again each time it opens (a view elsewhere adds a
 * record), and narrowed on the server by member, actor, action, days and a lead's reference, with the query string
 * the route's own schema builds; a mistyped reference or a backwards range is refused on the page in Korean and
 * nothing is sent; 「모두 보기」 clears the filter.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceShellCopy } from '../../../content/workspace-shell';
import { LIST_VIEW_WINDOW_MS } from '../../../domain/access-actions';
import { leadReference } from '../../../domain/lead-reference';
import { TEAM_AUTH_PATHS, type AccessRecordsAnswer } from '../../../domain/team-auth-api';
import { owner, renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';
import { createWorkspaceQueryClient } from '../api/query-client';
import { AccessRecordsScreen } from './access-records';

const copy = workspaceShellCopy.accessRecords;
const LEAD = 'aaaaaaaa-1111-4111-8111-111111111111';

const answer = (seq: number): AccessRecordsAnswer => ({
  records: [
    {
      seq,
      at: '2026-11-25T01:00:00.000Z',
      actor: 'member',
      action: 'lead_viewed',
      memberEmail: owner.email,
      ip: '198.51.100.1',
      ideaId: LEAD,
      details: {},
    },
  ],
  members: [{ id: owner.id, email: owner.email }],
  next: null,
});

const recordsCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith(TEAM_AUTH_PATHS.accessRecords)).map((call) => call.url);

describe('the access records screen', () => {
  it('reads the records again each time it is opened', async () => {
    let seq = 0;
    // Only the records' reads count (the document title reads the inbox's count on its own).
    stubTeamApi((_method, url) => (url.startsWith(TEAM_AUTH_PATHS.accessRecords) ? answer((seq += 1)) : {}));
    // The workspace's own client: its 15-second staleTime would keep a cached answer on a plain remount.
    const first = renderScreen(<AccessRecordsScreen />, { client: createWorkspaceQueryClient() });
    expect(await screen.findByText('#1')).toBeTruthy();
    first.unmount();
    // Opened again from the navigation with the same query client: the newer record shows, not the cached one.
    const { client } = first;
    expect(client.getQueryCache().findAll({ queryKey: ['access-records'] })).toHaveLength(1);
    render(
      <QueryClientProvider client={client}>
        <AccessRecordsScreen />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('#2')).toBeTruthy();
  });

  it('filters on the server by member, actor, action, days and reference, and clears the filter', async () => {
    const calls = stubTeamApi(() => answer(7));
    renderScreen(<AccessRecordsScreen />);
    const form = await screen.findByRole('form', { name: copy.filters.label });
    await screen.findByText('#7');
    // The member list comes with the records.
    await waitFor(() =>
      expect(
        within(within(form).getByLabelText(copy.filters.member)).getByRole('option', { name: owner.email }),
      ).toBeTruthy(),
    );
    fireEvent.change(within(form).getByLabelText(copy.filters.member), { target: { value: owner.id } });
    fireEvent.change(within(form).getByLabelText(copy.filters.actor), { target: { value: 'member' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.action), { target: { value: 'lead_viewed' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.from), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.to), { target: { value: '2026-11-25' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.lead), { target: { value: ' AAAAAAAA ' } });
    fireEvent.click(within(form).getByRole('button', { name: copy.filters.apply }));
    await waitFor(() => expect(recordsCalls(calls)).toHaveLength(2));
    const url = new URL(recordsCalls(calls)[1]!, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      member: owner.id,
      actor: 'member',
      action: 'lead_viewed',
      from: '2026-11-20',
      to: '2026-11-25',
      lead: 'aaaaaaaa',
    });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', copy.filters.filtered);

    fireEvent.click(within(form).getByRole('button', { name: copy.filters.reset }));
    await waitFor(() => expect(recordsCalls(calls).at(-1)).toBe(TEAM_AUTH_PATHS.accessRecords));
    expect((within(form).getByLabelText(copy.filters.lead) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it("names the leads a list or an export showed, and says a list view's record groups the member's repeats", async () => {
    const OTHER = 'bbbbbbbb-2222-4222-8222-222222222222';
    const record = answer(0).records[0]!;
    const list: AccessRecordsAnswer = {
      ...answer(0),
      records: [
        {
          ...record,
          seq: 3,
          action: 'lead_listed',
          ideaId: null,
          details: { searched: false, leads: `${LEAD},${OTHER}` },
        },
        { ...record, seq: 2, action: 'lead_listed', ideaId: null, details: { searched: true, leads: '' } },
        { ...record, seq: 1, action: 'leads_exported', ideaId: null, details: { count: 1, leads: OTHER } },
      ],
    };
    stubTeamApi(() => list);
    renderScreen(<AccessRecordsScreen />);
    const items = await screen.findAllByRole('listitem');
    const [listed, empty, exported] = items.map((item) => within(item));
    const grouped = copy.listGrouped(LIST_VIEW_WINDOW_MS / 60_000, false);
    expect(listed!.getByText(copy.actions.lead_listed)).toBeTruthy();
    expect(listed!.getByText(`${leadReference(LEAD)}, ${leadReference(OTHER)}`)).toBeTruthy();
    expect(listed!.getByText(grouped)).toBeTruthy();
    // A search that showed nothing: nothing to group under it.
    expect(empty!.getByText(copy.noneShown)).toBeTruthy();
    expect(empty!.queryByText(copy.listGrouped(LIST_VIEW_WINDOW_MS / 60_000, true))).toBeNull();
    // An export is one record each: its leads, no grouping.
    expect(exported!.getByText(leadReference(OTHER))).toBeTruthy();
    expect(exported!.queryByText(grouped)).toBeNull();
    for (const item of [listed!, exported!]) expect(item.getByText(copy.columns.shown)).toBeTruthy();
  });

  it('refuses a mistyped reference or a backwards range on the page, and sends nothing', async () => {
    const calls = stubTeamApi(() => answer(7));
    renderScreen(<AccessRecordsScreen />);
    const form = await screen.findByRole('form', { name: copy.filters.label });
    await screen.findByText('#7');
    const sent = recordsCalls(calls).length;

    fireEvent.change(within(form).getByLabelText(copy.filters.lead), { target: { value: 'xyz' } });
    fireEvent.click(within(form).getByRole('button', { name: copy.filters.apply }));
    expect((await screen.findByRole('alert')).textContent).toBe(copy.filters.invalidLead);
    expect(within(form).getByLabelText(copy.filters.lead).getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );

    fireEvent.change(within(form).getByLabelText(copy.filters.lead), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.from), { target: { value: '2026-11-25' } });
    fireEvent.change(within(form).getByLabelText(copy.filters.to), { target: { value: '2026-11-20' } });
    fireEvent.click(within(form).getByRole('button', { name: copy.filters.apply }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(copy.filters.invalidRange));
    expect(recordsCalls(calls)).toHaveLength(sent);
  });
});
