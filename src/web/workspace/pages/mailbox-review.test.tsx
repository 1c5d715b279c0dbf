/**
 * The 「확인할 메일」 screen against a stubbed /team/api (decision 142): each kept reply with its sender, subject, time
 * and words; a reference checked before anything is sent, then posted as typed; the server's refusal shown at the
 * mail; a dismissal asked first.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailboxReviewCopy as copy } from '../../../content/mailbox-review';
import { formatKst } from '../../../domain/kst';
import {
  UNMATCHED_MAIL_PATH,
  unmatchedAttachPath,
  unmatchedDismissPath,
  type UnmatchedMailList,
} from '../../../domain/mailbox-review';
import { MailboxReviewScreen } from './mailbox-review';
import { ApiReply, renderScreen, stubTeamApi } from '../../../../test-support/web/team-api';

const FIRST = 'a'.repeat(64);
const SECOND = 'b'.repeat(64);
const list: UnmatchedMailList = {
  keptDays: 30,
  mails: [
    {
      key: FIRST,
      at: '2026-11-28T05:10:00.000Z',
      sender: 'jiwoo@example.com',
      subject: '예약 앱 문의',
      preview: '예약 마감 시간을 바꿀 수 있을까요? <b>지금</b>',
    },
    { key: SECOND, at: '2026-11-28T04:00:00.000Z', sender: 'ceo@startup.example', subject: '', preview: '' },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the 확인할 메일 screen', () => {
  it('shows each reply and attaches one by the reference as typed, or dismisses one when asked', async () => {
    let answered = list;
    const calls = stubTeamApi((method, url) => {
      if (method === 'GET') return answered;
      if (url === unmatchedAttachPath(SECOND))
        return new ApiReply(404, { error: { code: 'not_found', message: copy.errors.noLead } });
      answered = { ...answered, mails: answered.mails.filter((mail) => !url.includes(mail.key)) };
      return answered;
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderScreen(<MailboxReviewScreen />);
    const mails = await screen.findAllByTestId('unmatched-mail');
    expect(mails).toHaveLength(2);
    expect(screen.getByText(copy.lead(30))).toBeTruthy();
    const first = mails[0]!;
    expect(within(first).getByText(copy.from('jiwoo@example.com', formatKst('2026-11-28T05:10:00.000Z')))).toBeTruthy();
    expect(within(first).getByText('예약 마감 시간을 바꿀 수 있을까요? <b>지금</b>')).toBeTruthy();
    expect(within(mails[1]!).getByText(copy.noSubject)).toBeTruthy();

    // Not a reference: said at once, nothing sent.
    const field = within(first).getByLabelText(copy.reference);
    fireEvent.change(field, { target: { value: '12ab' } });
    fireEvent.click(within(first).getByRole('button', { name: copy.attach }));
    expect(within(first).getByRole('alert').textContent).toBe(copy.errors.reference);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // The server's refusal at the mail it is about.
    const second = mails[1]!;
    fireEvent.change(within(second).getByLabelText(copy.reference), { target: { value: 'ffffffff' } });
    fireEvent.click(within(second).getByRole('button', { name: copy.attach }));
    expect((await within(second).findByRole('alert')).textContent).toBe(copy.errors.noLead);

    fireEvent.change(field, { target: { value: ' 1234ABCD ' } });
    fireEvent.click(within(first).getByRole('button', { name: copy.attach }));
    expect(await screen.findByText(copy.attached)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      url: unmatchedAttachPath(FIRST),
      body: { reference: '1234ABCD' },
    });
    await waitFor(() => expect(screen.getAllByTestId('unmatched-mail')).toHaveLength(1));

    fireEvent.click(within(screen.getByTestId('unmatched-mail')).getByRole('button', { name: copy.dismiss }));
    expect(vi.mocked(window.confirm)).toHaveBeenCalledWith(copy.dismissConfirm);
    expect(await screen.findByText(copy.dismissed)).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: unmatchedDismissPath(SECOND) });
    expect(await screen.findByText(copy.empty)).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.url === UNMATCHED_MAIL_PATH)).toBe(true);
  });
});
