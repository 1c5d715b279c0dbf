import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { demoDialog } from '../../../../content/home';
import type { PortfolioItem } from '../../../../content/portfolio';
import { CloseIcon, closeButtonClass, DemoLoading, demoBox, DemoSummary, overlayClass, panelClass } from './demo-frame';

/** Marks the shell, so tests can tell it from the dialog that replaces it. */
export const SHELL_ATTRIBUTE = 'data-demo-shell';

/**
 * The demo dialog as a tap opens it at once (decision 100): the same overlay and panel, the item's summary and the
 * demo's box loading, drawn by the page code in the tap's own commit, while the dialog proper (Radix, the player)
 * renders in a transition right after, or while its code is still on the way. It is a modal dialog for its short
 * life too: named by the title, focus inside it (Tab stays there), Escape, a click outside and its close button
 * close it and return focus to the card.
 */
export function DemoDialogShell({ item, onClose }: { item: PortfolioItem; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  // Listened to on the document and the overlay, as Radix does, while the shell is open.
  useLayoutEffect(() => {
    // Focus once the frame with the shell is painted: focusing inside the tap's commit forced a style recalculation
    // and layout into the tap's processing (~100 ms at 4× CPU).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => panel.current?.focus());
    });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        // The close button is its only control: focus stays in the dialog.
        event.preventDefault();
        panel.current?.querySelector('button')?.focus();
      }
    };
    const onOutside = () => closeRef.current();
    const backdrop = overlay.current;
    document.addEventListener('keydown', onKeyDown);
    backdrop?.addEventListener('click', onOutside);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
      backdrop?.removeEventListener('click', onOutside);
    };
  }, []);

  return createPortal(
    <>
      <div ref={overlay} className={overlayClass} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={panelClass}
        {...{ [SHELL_ATTRIBUTE]: '' }}
      >
        <DemoSummary item={item} Title="h2" Description="p" titleId={titleId} descriptionId={descriptionId} />
        <div className="mt-6">
          <div className={demoBox.className} style={demoBox.style}>
            <DemoLoading />
          </div>
        </div>
        <button type="button" aria-label={demoDialog.close} onClick={onClose} className={closeButtonClass}>
          <CloseIcon />
        </button>
      </div>
    </>,
    document.body,
  );
}
