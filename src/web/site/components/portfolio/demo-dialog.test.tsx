import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolio } from '../../../../content/portfolio';
import { SHELL_ATTRIBUTE } from './demo-dialog-shell';
import { PortfolioSection } from './portfolio-section';

const item = portfolio[0]!;
const alt = `${item.title} 데모 화면`;
const stamp = (img: HTMLElement) => new URL(img.getAttribute('src')!, 'http://x').searchParams.get('t');

/** jsdom decodes no images: mark one as loaded and fire its load event. */
function load(img: HTMLElement) {
  Object.defineProperty(img, 'complete', { configurable: true, value: true });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: 160 });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: 100 });
  fireEvent.load(img);
}

function reducedMotion(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as unknown as CanvasRenderingContext2D);
  reducedMotion(false);
});

/** Taps a card and returns the dialog proper, once it has replaced the shell the tap opened at once (decision 100). */
async function openCard(user: ReturnType<typeof userEvent.setup>, title = item.title) {
  await user.click(screen.getByRole('button', { name: new RegExp(title) }));
  return waitFor(() => {
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.hasAttribute(SHELL_ATTRIBUTE)).toBe(false);
    return dialog;
  });
}

describe('demo dialog', () => {
  it('loads no demo before a card is opened, then shows the item and its looping image', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    // The cards show stills; no animation is requested before a card is opened.
    const sources = [...document.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(portfolio.map((entry) => entry.cardImageUrl));
    const dialog = await openCard(user);
    expect(within(dialog).getByText(item.description)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...item.features]);
    const img = within(dialog).getByAltText(alt);
    expect(img.getAttribute('src')).toMatch(new RegExp(`^${item.gifUrl}\\?t=\\d+$`));
  });

  it('goes from loading to loaded', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    const dialog = await openCard(user);
    expect(within(dialog).getByText('로딩 중...')).toBeTruthy();
    load(within(dialog).getByAltText(alt));
    expect(within(dialog).queryByText('로딩 중...')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '일시정지' })).toBeTruthy();
  });

  it('shows the placeholder on failure and reloads with a new ?t= on retry', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    const dialog = await openCard(user);
    const first = stamp(within(dialog).getByAltText(alt));
    fireEvent.error(within(dialog).getByAltText(alt));
    expect(within(dialog).getByText('데모 준비 중입니다')).toBeTruthy();
    expect(within(dialog).queryByAltText(alt)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '다시 시도' }));
    expect(within(dialog).getByText('로딩 중...')).toBeTruthy();
    expect(stamp(within(dialog).getByAltText(alt))).not.toBe(first);
  });

  it('pause paints a still over the image; resume restarts with a new ?t=', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    const dialog = await openCard(user);
    const img = within(dialog).getByAltText(alt);
    load(img);
    const first = stamp(img);
    const canvas = dialog.querySelector('canvas')!;
    expect(canvas.classList.contains('hidden')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: '일시정지' }));
    expect(within(dialog).getByRole('button', { name: '재생' })).toBeTruthy();
    expect(canvas.classList.contains('hidden')).toBe(false);
    expect(stamp(img)).toBe(first);

    // As in a browser, the new src is not complete until it has loaded.
    Object.defineProperty(img, 'complete', { configurable: true, value: false });
    await user.click(within(dialog).getByRole('button', { name: '재생' }));
    expect(within(dialog).getByRole('button', { name: '일시정지' })).toBeTruthy();
    expect(stamp(img)).not.toBe(first);
    // The still stays until the restarted animation has loaded.
    expect(canvas.classList.contains('hidden')).toBe(false);
    load(img);
    expect(canvas.classList.contains('hidden')).toBe(true);
  });

  it('starts paused with a still when the visitor prefers reduced motion', async () => {
    reducedMotion(true);
    const user = userEvent.setup();
    render(<PortfolioSection />);
    const dialog = await openCard(user);
    expect(within(dialog).getByRole('button', { name: '재생' })).toBeTruthy();
    load(within(dialog).getByAltText(alt));
    expect(dialog.querySelector('canvas')!.classList.contains('hidden')).toBe(false);
  });

  it('resets to loading and playing every time it opens, and returns focus to the card', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    const card = screen.getByRole('button', { name: new RegExp(item.title) });
    let dialog = await openCard(user);
    load(within(dialog).getByAltText(alt));
    await user.click(within(dialog).getByRole('button', { name: '일시정지' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(card));

    dialog = await openCard(user);
    expect(within(dialog).getByText('로딩 중...')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '일시정지' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(async () => {});
    expect(document.activeElement).toBe(card);
  });

  it('opens the dialog of the card that was chosen', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection />);
    for (const other of portfolio) {
      const dialog = await openCard(user, other.title);
      expect(within(dialog).getByAltText(`${other.title} 데모 화면`).getAttribute('src')).toContain(other.gifUrl);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });
});
