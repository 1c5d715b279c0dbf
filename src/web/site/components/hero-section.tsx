import { claims, claimsHeading, hero, valuePanel } from '../../../content/home';
import { ideaFormAnchor } from '../../../content/site';
import { buttonStyles } from '../ui/button-styles';
import { cn } from '../ui/cn';

const valueIcons = [
  // lightbulb, bolt, rocket: decorative
  'M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2Z',
  'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
  'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2m-3-3 4 4m-4-4c1-4 4-9 12-11-1 8-7 11-11 12',
];

/** Opening section: the 24-hour promise, the call to action, the three-part value panel and the track record. */
export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-brand-50 to-white"
      />
      <div className="mx-auto max-w-6xl px-5 pt-16 pb-20 sm:px-8 sm:pt-24">
        <div className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-100">
            {hero.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-[2.125rem] leading-[1.25] font-extrabold tracking-tight text-slate-900 sm:text-6xl sm:leading-[1.15]"
          >
            {hero.headline[0]}
            <br />
            <span className="text-brand-600">{hero.headline[1]}</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-slate-600 sm:text-lg">{hero.lead}</p>
          <p className="mx-auto mt-3 max-w-2xl text-base font-medium text-slate-800 sm:text-lg">{hero.ideaFormats}</p>
          <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <a href={`#${ideaFormAnchor}`} className={cn(buttonStyles.primary, buttonStyles.sizeLg)}>
              {hero.primaryCta}
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M10 3a1 1 0 0 1 1 1v9.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-5 5a1 1 0 0 1-1.4 0l-5-5a1 1 0 1 1 1.4-1.4L9 13.6V4a1 1 0 0 1 1-1Z" />
              </svg>
            </a>
            <a href="#portfolio" className={cn(buttonStyles.secondary, buttonStyles.sizeLg)}>
              {hero.secondaryCta}
            </a>
          </div>
        </div>

        <ul className="mt-16 grid gap-4 sm:grid-cols-3">
          {valuePanel.map((point, index) => (
            <li key={point.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={valueIcons[index]} />
                </svg>
              </span>
              <h2 className="mt-4 text-lg font-bold text-slate-900">{point.title}</h2>
              <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{point.description}</p>
            </li>
          ))}
        </ul>

        <div className="mt-6 rounded-2xl bg-slate-900 px-6 py-8 text-white sm:px-10">
          <h2 className="text-center text-base font-semibold text-slate-300">{claimsHeading}</h2>
          <dl className="mt-6 grid grid-cols-2 gap-y-6 sm:grid-cols-4">
            {claims.map((claim) => (
              <div key={claim.label} className="flex flex-col-reverse items-center justify-end gap-1 text-center">
                <dt className="px-2 text-sm text-slate-300">{claim.label}</dt>
                <dd className="text-2xl font-extrabold tracking-tight sm:text-3xl">{claim.figure}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
