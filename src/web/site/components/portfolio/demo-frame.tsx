import type { ElementType, ReactNode } from 'react';
import { demoDialog } from '../../../../content/home';
import { DEMO_SIZE, type PortfolioItem } from '../../../../content/portfolio';
import { cn } from '../../ui/cn';

/**
 * What the demo dialog and its shell (demo-dialog-shell.tsx) draw alike, so the shell a tap opens at once and the
 * dialog that replaces it once its code has run look the same (decision 100). Lives with the page code: small,
 * no Radix.
 */
export const overlayClass = 'fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]';
export const panelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl outline-none sm:p-8';
export const closeButtonClass =
  'absolute top-4 right-4 grid size-10 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900';

export function CloseIcon() {
  return (
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
  );
}

type Text = ElementType<{ id?: string; className?: string; children?: ReactNode }>;

/** The item's category, title, description and features; `Title`/`Description` are Radix's parts or plain tags. */
export function DemoSummary({
  item,
  Title,
  Description,
  titleId,
  descriptionId,
}: {
  item: PortfolioItem;
  Title: Text;
  Description: Text;
  titleId?: string;
  descriptionId?: string;
}) {
  // Radix's parts name themselves from the dialog's context: an explicit `id: undefined` would erase that.
  const ids = (id?: string) => (id ? { id } : {});
  return (
    <>
      <div className="flex items-start justify-between gap-4 pr-10">
        <div>
          <p className={cn('w-fit rounded-full px-3 py-1 text-xs font-semibold', item.colors.badge)}>{item.category}</p>
          <Title {...ids(titleId)} className="mt-3 text-xl font-bold text-slate-900 sm:text-2xl">
            {item.title}
          </Title>
        </div>
      </div>
      <Description {...ids(descriptionId)} className="mt-3 text-[15px] leading-relaxed text-slate-600">
        {item.description}
      </Description>
      <h3 className="sr-only">{demoDialog.featuresHeading}</h3>
      <ul className="mt-4 grid list-disc gap-x-6 gap-y-1.5 pl-5 text-[15px] text-slate-700 marker:text-slate-400 sm:grid-cols-2 lg:grid-cols-4">
        {item.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </>
  );
}

/** The demo's box, sized to the animation so nothing shifts when it arrives. */
export const demoBox = {
  className: 'relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200',
  style: { aspectRatio: `${DEMO_SIZE.width} / ${DEMO_SIZE.height}` },
} as const;

/** The spinner and "로딩 중..." laid over the demo's box while the animation (or the player) is on its way. */
export function DemoLoading() {
  return (
    <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-slate-600">
      <span
        aria-hidden="true"
        className="size-9 animate-spin rounded-full border-[3px] border-slate-300 border-t-brand-600"
      />
      <span className="text-sm font-medium">{demoDialog.loading}</span>
    </div>
  );
}
