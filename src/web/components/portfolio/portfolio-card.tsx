import { forwardRef } from 'react';
import { portfolioSection } from '../../../content/home';
import type { PortfolioItem } from '../../../content/portfolio';
import { cn } from '../../ui/cn';

interface PortfolioCardProps {
  item: PortfolioItem;
  onOpen: (item: PortfolioItem) => void;
  /** Called on hover/focus so the dialog code can load before the click. */
  onIntent: () => void;
}

/** Number of features a card lists; the rest is summarised as "+N". */
export const CARD_FEATURES = 2;

/** A portfolio item as a real button: title, category, the first two features and "+2". */
export const PortfolioCard = forwardRef<HTMLButtonElement, PortfolioCardProps>(function PortfolioCard(
  { item, onOpen, onIntent },
  ref,
) {
  const shown = item.features.slice(0, CARD_FEATURES);
  const rest = item.features.length - shown.length;
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="dialog"
      onClick={() => onOpen(item)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="group flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <span aria-hidden="true" className={cn('relative block h-28 w-full overflow-hidden bg-gradient-to-br sm:h-36', item.colors.accent)}>
        {/* A drawn app window, not an image: no demo bytes load before the dialog opens. */}
        <span className="absolute inset-x-6 top-5 bottom-0 sm:top-6 rounded-t-xl bg-white/95 shadow-lg transition-transform group-hover:-translate-y-1 motion-reduce:transition-none">
          <span className="flex gap-1.5 px-3 pt-3">
            <span className="size-2 rounded-full bg-slate-300" />
            <span className="size-2 rounded-full bg-slate-300" />
            <span className="size-2 rounded-full bg-slate-300" />
          </span>
          <span className="mt-3 flex gap-3 px-3">
            <span className="h-12 w-1/4 rounded-md bg-slate-100 sm:h-16" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-2.5 w-3/4 rounded bg-slate-200" />
              <span className="h-2.5 w-1/2 rounded bg-slate-100" />
              <span className={cn('mt-1 h-7 w-full rounded-md bg-gradient-to-r opacity-30', item.colors.accent)} />
            </span>
          </span>
        </span>
      </span>
      <span className="flex flex-1 flex-col p-6">
        <span className={cn('w-fit rounded-full px-3 py-1 text-xs font-semibold', item.colors.badge)}>{item.category}</span>
        <span className="mt-4 text-lg font-bold text-slate-900">{item.title}</span>
        <span className="mt-4 flex flex-wrap gap-2" data-testid="card-features">
          {shown.map((feature) => (
            <span key={feature} className="rounded-lg bg-slate-100 px-2.5 py-1 text-[13px] font-medium text-slate-700">
              {feature}
            </span>
          ))}
          {rest > 0 ? (
            <span className="rounded-lg bg-slate-100 px-2.5 py-1 text-[13px] font-semibold text-slate-600">
              {portfolioSection.moreFeatures(rest)}
            </span>
          ) : null}
        </span>
        <span className="mt-auto inline-flex items-center gap-1 pt-6 text-sm font-semibold text-brand-700 group-hover:underline">
          {portfolioSection.openHint}
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M3 10a1 1 0 0 1 1-1h9.6l-3.3-3.3a1 1 0 1 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H4a1 1 0 0 1-1-1Z" />
          </svg>
        </span>
      </span>
    </button>
  );
});
