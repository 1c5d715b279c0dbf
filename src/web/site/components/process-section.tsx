import { processSection, processSteps } from '../../../content/home';
import { SectionHeading } from '../ui/section-heading';

/** The five steps from idea to the main build. */
export function ProcessSection() {
  return (
    <section aria-labelledby="process-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading id="process-title" title={processSection.title} subtitle={processSection.subtitle} />
        <ol className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {processSteps.map((step) => (
            <li key={step.step} className="relative rounded-2xl border border-slate-200 bg-white p-6">
              <p className="flex items-center gap-2 text-sm font-bold text-brand-700">
                <span
                  aria-hidden="true"
                  className="grid size-8 place-items-center rounded-full bg-brand-600 text-white"
                >
                  {step.step}
                </span>
                <span className="sr-only">{processSection.stepLabel(step.step)}</span>
              </p>
              <h3 className="mt-4 text-[17px] font-bold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
