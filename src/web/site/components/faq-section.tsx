import { useState } from 'react';
import { faq, faqSection, type FaqItem } from '../../../content/home';
import { SectionHeading } from '../ui/section-heading';

/** `index` gives each disclosure fixed ids, the same in the prerendered HTML and in the hydrated island. */
function FaqDisclosure({ item, index }: { item: FaqItem; index: number }) {
  const [open, setOpen] = useState(false);
  const id = `faq-${index + 1}`;
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h3>
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 py-5 text-left text-base font-semibold text-slate-900 sm:text-[17px]"
        >
          {item.question}
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        hidden={!open}
        className="pb-5 text-[15px] leading-relaxed text-slate-600"
      >
        {item.answer}
      </div>
    </li>
  );
}

/** Frequently asked questions as accessible disclosures (button + region). */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-3xl px-5 sm:px-8">
        <SectionHeading id="faq-title" eyebrow={faqSection.eyebrow} title={faqSection.title} />
        <ul className="mt-10 rounded-2xl border border-slate-200 bg-white px-6">
          {faq.map((item, index) => (
            <FaqDisclosure key={item.question} item={item} index={index} />
          ))}
        </ul>
      </div>
    </section>
  );
}
