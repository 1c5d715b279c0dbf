import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { demoDialog } from '../../../../content/home';
import type { PortfolioItem } from '../../../../content/portfolio';
import { CloseIcon, closeButtonClass, DemoSummary, overlayClass, panelClass } from './demo-frame';
import { DemoPlayer } from './demo-player';

interface DemoDialogProps {
  /** The open item; null when closed. */
  item: PortfolioItem | null;
  /** Increments on every open, so the player starts fresh (loading, playing) each time. */
  openCount: number;
  onClose: () => void;
  returnFocus: (slug: string) => void;
}

/** Modal with the item's summary, its four features and the looping demo (Radix Dialog: focus trap, Escape, outside click). */
export default function DemoDialog({ item, openCount, onClose, returnFocus }: DemoDialogProps) {
  // Keep the last item while the dialog closes, so focus can return to its card (state from the previous render:
  // https://react.dev/reference/react/useState#storing-information-from-previous-renders).
  const [last, setLast] = useState<PortfolioItem | null>(item);
  if (item && item !== last) setLast(item);
  const shown = item ?? last;

  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (shown) returnFocus(shown.slug);
          }}
          className={panelClass}
        >
          {shown ? (
            <>
              <DemoSummary item={shown} Title={Dialog.Title} Description={Dialog.Description} />
              <div className="mt-6">
                <DemoPlayer key={`${shown.slug}-${openCount}`} item={shown} />
              </div>
              <Dialog.Close aria-label={demoDialog.close} className={closeButtonClass}>
                <CloseIcon />
              </Dialog.Close>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
