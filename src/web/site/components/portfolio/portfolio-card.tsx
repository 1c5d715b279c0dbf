import { forwardRef } from 'react';
import { portfolioSection } from '../../../../content/home';
import { CARD_IMAGE_SIZE, DEMO_SIZE, type PortfolioItem } from '../../../../content/portfolio';
import { cn } from '../../ui/cn';

interface PortfolioCardProps {
  item: PortfolioItem;
  onOpen: (item: PortfolioItem) => void;
  /** Called on hover/focus so the dialog code can load before the click. */
  onIntent: () => void;
}

/** Number of features a card lists; the rest is summarised as "+N". */
export const CARD_FEATURES = 2;

/** A portfolio item as a real button: a still of its demo, category, title, the first two features and "+2". */
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
      <span
        aria-hidden="true"
        className={cn(
          'block aspect-[16/10] w-full overflow-hidden border-b border-slate-100 bg-gradient-to-br',
          item.colors.accent,
        )}
      >
        {/* The product itself: a still of its demo, sized so nothing shifts, fetched only as the card nears the screen. */}
        <img
          src={item.cardImageUrl}
          srcSet={`${item.cardImageUrl} ${CARD_IMAGE_SIZE.width}w, ${item.posterUrl} ${DEMO_SIZE.width}w`}
          sizes="(min-width: 1024px) 270px, (min-width: 640px) 45vw, 90vw"
          width={CARD_IMAGE_SIZE.width}
          height={CARD_IMAGE_SIZE.height}
          loading="lazy"
          decoding="async"
          alt=""
          className="block h-full w-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </span>
      <span className="flex flex-1 flex-col p-6">
        <span className={cn('w-fit rounded-full px-3 py-1 text-xs font-semibold', item.colors.badge)}>
          {item.category}
        </span>
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
