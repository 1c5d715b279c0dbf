/**
 * A first tap on a card opens the dialog at once (decision 100): the shell, drawn by the page code in the tap's own
 * commit, while the dialog's code (Radix, the player) is still on its way; the dialog proper replaces it once in.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolio } from '../../../../content/portfolio';
import { DemoDialogShell, SHELL_ATTRIBUTE } from './demo-dialog-shell';
import { PortfolioSection } from './portfolio-section';

// The dialog's code arrives only when the test lets it: a slow network the tap must not wait for.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('./demo-dialog', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const item = portfolio[0]!;

afterEach(() => vi.unstubAllGlobals());

describe('the demo dialog shell', () => {
  it('opens in the tap’s own commit before the dialog’s code is in, and gives way to the dialog once it is', async () => {
    render(<PortfolioSection />);
    const card = screen.getByRole('button', { name: new RegExp(item.title) });
    fireEvent.click(card);
    // No waiting: the dialog is on screen right after the tap, named by the item, its demo loading.
    const shell = screen.getByRole('dialog', { name: item.title });
    expect(shell.hasAttribute(SHELL_ATTRIBUTE)).toBe(true);
    expect(shell.getAttribute('aria-modal')).toBe('true');
    expect(within(shell).getByText(item.description)).toBeTruthy();
    expect(within(shell).getByText('로딩 중...')).toBeTruthy();
    // Focus moves in once the shell's frame is painted (not inside the tap's processing).
    await waitFor(() => expect(shell.contains(document.activeElement)).toBe(true));
    // The code has not been allowed in yet, however long the shell waits.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('dialog', { name: item.title }).hasAttribute(SHELL_ATTRIBUTE)).toBe(true);

    gate.open();
    const dialog = await waitFor(() => {
      const found = screen.getByRole('dialog', { name: item.title });
      expect(found.hasAttribute(SHELL_ATTRIBUTE)).toBe(false);
      return found;
    });
    expect(screen.getAllByRole('dialog')).toEqual([dialog]);
    expect(within(dialog).getByAltText(`${item.title} 데모 화면`)).toBeTruthy();
  });

  it('is a modal dialog for its short life: focus stays inside; Escape, its close button and a click outside close it', async () => {
    const onClose = vi.fn();
    render(<DemoDialogShell item={item} onClose={onClose} />);
    const shell = screen.getByRole('dialog', { name: item.title });
    await waitFor(() => expect(document.activeElement).toBe(shell));
    fireEvent.keyDown(shell, { key: 'Tab' });
    expect(document.activeElement).toBe(within(shell).getByRole('button', { name: '닫기' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(shell.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(shell, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(shell).getByRole('button', { name: '닫기' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(shell.previousElementSibling!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
