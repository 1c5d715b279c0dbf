import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdeaFormSection } from './idea-form';
import { installMedia } from '../../../../../test-support/web/media-fakes';
import { ideaNotices } from '../../../../content/home';
import { ideaRequestSchema } from '../../../../domain/idea';
import { IDEA_REFUSALS } from '../../../../domain/idea-refusals';

const EMAIL_MESSAGE = ideaRequestSchema.safeParse({ idea: 'x', name: 'x', email: 'hong@naver' }).error!.issues[0]!
  .message;

/** The text of what a field points at with aria-describedby. */
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((describedId) => document.getElementById(describedId)?.textContent ?? '')
    .join(' ')
    .trim();

const receipt = { id: 'idea_42', receivedAt: '2026-11-22T06:00:00.000Z', promisedBy: '2026-11-23T06:00:00.000Z' };

function stubFetch(post: () => Promise<Response>) {
  const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) =>
    String(input).endsWith('idea-form-token') ? Response.json({ token: 't' }) : post(),
  );
  vi.stubGlobal('fetch', fetchMock);
  const posts = () => fetchMock.mock.calls.filter((call) => !String(call[0]).endsWith('idea-form-token'));
  return { fetchMock, posts };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'idea' | 'name' | 'phone' | 'email', string>>,
) {
  const labels = { idea: /아이디어/, name: /이름/, phone: /연락처/, email: /이메일/ } as const;
  for (const [field, value] of Object.entries(values) as Array<[keyof typeof labels, string]>) {
    await user.type(screen.getByLabelText(labels[field]), value);
  }
}

const fieldValues = () =>
  ['idea', 'name', 'phone', 'email'].map(
    (name) => (document.querySelector(`[name="${name}"]`) as HTMLInputElement).value,
  );

describe('IdeaFormSection', () => {
  it('shows the required notice and sends nothing when a required field is blank', async () => {
    const { posts } = stubFetch(async () => Response.json(receipt, { status: 202 }));
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '   ', name: '김민지' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText('필수 정보를 입력해주세요')).toBeTruthy();
    expect(screen.getByText('아이디어(글 또는 음성 메모), 이름, 이메일은 필수 입력 항목입니다.')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('disables the button while sending, then shows the receipt and clears the fields', async () => {
    let answer: (response: Response) => void = () => {};
    const { posts } = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '배드민턴 기록 앱', name: '김민지', phone: '010', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    const sending = await screen.findByRole('button', { name: '보내는 중...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(sending.closest('form')!);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await act(async () => answer(Response.json(receipt, { status: 202 })));
    expect(await screen.findByText('아이디어가 접수되었습니다!')).toBeTruthy();
    expect(screen.getByText('접수 번호: idea_42')).toBeTruthy();
    expect(screen.getByText(/^프로토타입 전달 예정: 2026년 11월 23일/)).toBeTruthy();
    expect(fieldValues()).toEqual(['', '', '', '']);
    expect(posts()).toHaveLength(1);
  });

  it('keeps every value and logs the error when the call fails', async () => {
    stubFetch(async () => Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '배드민턴 기록 앱', name: '김민지', phone: '010', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText('제출 중 오류가 발생했습니다')).toBeTruthy();
    expect(screen.getByText('잠시 후 다시 시도해주세요.')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(fieldValues()).toEqual(['배드민턴 기록 앱', '김민지', '010', 'minji@example.com']);
  });

  it('sends a voice memo instead of text, keeps it after a failed upload and retries it with the same key', async () => {
    installMedia();
    let fail = true;
    const { posts } = stubFetch(async () =>
      fail
        ? Response.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 })
        : Response.json(receipt, { status: 202 }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await user.click(screen.getByRole('button', { name: '음성 메모 녹음' }));
    await user.click(await screen.findByRole('button', { name: '녹음 정지' }));
    expect(await screen.findByRole('group', { name: /^녹음 완료/ })).toBeTruthy();
    await fill(user, { name: '김민지', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText('제출 중 오류가 발생했습니다')).toBeTruthy();
    // Nothing recorded is lost: the memo is still there for the retry.
    expect(screen.getByRole('group', { name: /^녹음 완료/ })).toBeTruthy();

    fail = false;
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText('아이디어가 접수되었습니다!')).toBeTruthy();
    const [first, retry] = posts().map((call) => call[1]!);
    for (const init of [first!, retry!]) {
      const body = init.body as FormData;
      expect(body).toBeInstanceOf(FormData);
      expect(body.get('idea')).toBe('');
      expect(body.get('memoDurationMs')).toMatch(/^\d+$/);
      expect((body.get('memo') as File).name).toBe('memo.webm');
      expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    }
    expect((retry!.headers as Record<string, string>)['Idempotency-Key']).toBe(
      (first!.headers as Record<string, string>)['Idempotency-Key'],
    );
    // Sent: the memo goes with the rest of the form.
    await waitFor(() => expect(screen.queryByRole('group', { name: /^녹음 완료/ })).toBeNull());
    expect(screen.getByRole('button', { name: '음성 메모 녹음' })).toBeTruthy();
  });

  it("says what to do when the memo is refused, keeping it: re-record (415) or record a shorter one (a proxy's bare 413)", async () => {
    installMedia();
    const answers = [
      () => Response.json({ error: { code: 'unsupported_audio', message: '서버의 문장' } }, { status: 415 }),
      () =>
        new Response('<html><h1>413 Request Entity Too Large</h1></html>', {
          status: 413,
          headers: { 'Content-Type': 'text/html' },
        }),
    ];
    stubFetch(async () => answers.shift()!());
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await user.click(screen.getByRole('button', { name: '음성 메모 녹음' }));
    await user.click(await screen.findByRole('button', { name: '녹음 정지' }));
    await fill(user, { name: '김민지', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText(IDEA_REFUSALS.memoUnsupported.title)).toBeTruthy();
    expect(screen.getByText(IDEA_REFUSALS.memoUnsupported.description)).toBeTruthy();
    expect(screen.getByRole('group', { name: /^녹음 완료/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText(IDEA_REFUSALS.memoTooLarge.title)).toBeTruthy();
    expect(screen.getByText(IDEA_REFUSALS.memoTooLarge.description)).toBeTruthy();
    expect(screen.queryByText(ideaNotices.failed.description)).toBeNull(); // not "try again"
    expect(screen.getByRole('group', { name: /^녹음 완료/ })).toBeTruthy();
  });

  it('catches an address the e-mail input lets through (hong@naver) before sending, at its field', async () => {
    const { posts } = stubFetch(async () => Response.json(receipt, { status: 202 }));
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '배드민턴 기록 앱', name: '김민지', email: 'hong@naver' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    const email = screen.getByLabelText(/이메일/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toContain(EMAIL_MESSAGE);
    expect(posts()).toHaveLength(0);
    expect(screen.queryByText(ideaNotices.failed.description)).toBeNull();
    // Fixing the field unmarks it.
    await user.type(email, '.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("marks each field the server refused with the server's message, focuses the first, keeps every value", async () => {
    const fields = { name: '서버가 이름을 거절한 이유', email: '서버가 이메일을 거절한 이유' };
    stubFetch(async () =>
      Response.json(
        { error: { code: 'validation_failed', message: '입력한 내용을 다시 확인해주세요.', fields } },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '배드민턴 기록 앱', name: '김민지', phone: '010', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    const name = screen.getByLabelText(/이름/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toBe(fields.name);
    const email = screen.getByLabelText(/이메일/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toBe(fields.email);
    expect(screen.getByLabelText(/아이디어/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(ideaNotices.failed.description)).toBeNull();
    expect(fieldValues()).toEqual(['배드민턴 기록 앱', '김민지', '010', 'minji@example.com']);
  });

  it('says when to send again on 429, in Korean, from Retry-After', async () => {
    stubFetch(async () =>
      Response.json(
        { error: { code: 'rate_limited', message: '잠시 후' } },
        { status: 429, headers: { 'Retry-After': '600' } },
      ),
    );
    const user = userEvent.setup();
    render(<IdeaFormSection />);
    await fill(user, { idea: '배드민턴 기록 앱', name: '김민지', email: 'minji@example.com' });
    await user.click(screen.getByRole('button', { name: '상담 신청하기' }));
    expect(await screen.findByText(IDEA_REFUSALS.rateLimited.title)).toBeTruthy();
    expect(screen.getByText(`${IDEA_REFUSALS.rateLimited.description} 10분 후에 다시 보내주세요.`)).toBeTruthy();
  });
});
