/**
 * Keeps a tap on a prerendered button that lands before the page's code has loaded (the phone menu, a portfolio
 * card), and clicks the same button again once the islands are hydrating: React then hydrates that island at once
 * and runs the handler (docs/decisions/060). Later taps need no help. Links are left alone, and so is a form's
 * submit button: both work without JavaScript (the idea form posts natively to the intake, which answers with a
 * receipt page), so a visitor's early press goes through at once. Returns the function that hands the tap over.
 */
export function holdEarlyClick(root: HTMLElement | null = document.getElementById('root')) {
  let pending: HTMLButtonElement | undefined;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root?.contains(button) || (button.type === 'submit' && button.form)) return;
    event.preventDefault();
    pending = button;
  };
  root?.addEventListener('click', hold, true);
  return function release() {
    root?.removeEventListener('click', hold, true);
    const button = pending;
    pending = undefined;
    if (button?.isConnected) button.click();
  };
}
