import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { demoDialog } from '../../../content/home';
import type { PortfolioItem } from '../../../content/portfolio';
import { cn } from '../../ui/cn';
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
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (shown) returnFocus(shown.slug);
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl outline-none sm:p-8"
        >
          {shown ? (
            <>
              <div className="flex items-start justify-between gap-4 pr-10">
                <div>
                  <p className={cn('w-fit rounded-full px-3 py-1 text-xs font-semibold', shown.colors.badge)}>
                    {shown.category}
                  </p>
                  <Dialog.Title className="mt-3 text-xl font-bold text-slate-900 sm:text-2xl">
                    {shown.title}
                  </Dialog.Title>
                </div>
              </div>
              <Dialog.Description className="mt-3 text-[15px] leading-relaxed text-slate-600">
                {shown.description}
              </Dialog.Description>
              <h3 className="sr-only">{demoDialog.featuresHeading}</h3>
              <ul className="mt-4 grid list-disc gap-x-6 gap-y-1.5 pl-5 text-[15px] text-slate-700 marker:text-slate-400 sm:grid-cols-2 lg:grid-cols-4">
                {shown.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <div className="mt-6">
                <DemoPlayer key={`${shown.slug}-${openCount}`} item={shown} />
              </div>
              <Dialog.Close
                aria-label={demoDialog.close}
                className="absolute top-4 right-4 grid size-10 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </Dialog.Close>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
