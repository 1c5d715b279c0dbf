import { about } from '../../../content/about';
import { newTabHint } from '../../../content/layout';
import { PageShell } from '../components/page-shell';
import { useSiteSettings } from '../site-settings';
import { buttonStyles } from '../ui/button-styles';
import { cn } from '../ui/cn';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 sm:p-8';

/** Team page (/about): mission, the two people, values, figures and the newsletter. */
export default function AboutPage() {
  const { links } = useSiteSettings();
  return (
    <PageShell route="about">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-5xl px-5 pt-16 pb-12 text-center sm:px-8 sm:pt-20">
          <p className="text-sm font-semibold text-brand-700">{about.eyebrow}</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-[2rem] leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl sm:leading-tight">
            {about.heading}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-slate-600 sm:text-lg">{about.lead}</p>
        </div>
      </div>

      <div className="mx-auto max-w-5xl space-y-6 px-5 pb-20 sm:px-8">
        <section aria-labelledby="mission-title" className={card}>
          <h2 id="mission-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
            {about.mission.title}
          </h2>
          <p className="mt-3 text-base leading-relaxed text-slate-700 sm:text-lg">{about.mission.statement}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {about.mission.points.map((point) => (
              <li key={point.title} className="rounded-xl bg-slate-50 p-5">
                <h3 className="font-bold text-brand-700">{point.title}</h3>
                <p className="mt-2 text-[15px] leading-relaxed text-slate-600">{point.description}</p>
              </li>
            ))}
          </ul>
        </section>

        {/* Below a phone's first screen: laid out after first paint, one section per frame (docs/decisions/060, 080). */}
        <div data-render-later="">
          <section aria-labelledby="profiles-title">
            <h2 id="profiles-title" className="sr-only">
              {about.profilesHeading}
            </h2>
            <ul className="grid gap-6 md:grid-cols-2">
              {about.profiles.map((profile) => (
                <li key={profile.role} className={card}>
                  <span
                    aria-hidden="true"
                    className="grid size-14 place-items-center rounded-2xl bg-brand-600 text-xl font-bold text-white"
                  >
                    {profile.role.slice(0, 1)}
                  </span>
                  {profile.name ? <p className="mt-4 text-lg font-bold text-slate-900">{profile.name}</p> : null}
                  <h3 className="mt-4 text-lg font-bold text-slate-900">{profile.role}</h3>
                  <p className="mt-3 text-[15px] leading-relaxed text-slate-600">{profile.summary}</p>
                  <ul className="mt-5 space-y-2">
                    {profile.highlights.map((line) => (
                      <li key={line} className="flex gap-2 text-[15px] text-slate-800">
                        <svg
                          aria-hidden="true"
                          viewBox="0 0 20 20"
                          className="mt-0.5 size-5 shrink-0 text-brand-600"
                          fill="currentColor"
                        >
                          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                        </svg>
                        {line}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div data-render-later="">
          <div className="grid gap-6 md:grid-cols-5">
            <section aria-labelledby="values-title" className={cn(card, 'md:col-span-3')}>
              <h2 id="values-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
                {about.values.title}
              </h2>
              <dl className="mt-5 space-y-4">
                {about.values.items.map((value) => (
                  <div key={value.title}>
                    <dt className="font-bold text-slate-900">{value.title}</dt>
                    <dd className="mt-1 text-[15px] leading-relaxed text-slate-600">{value.description}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section
              aria-label={about.figures.map((f) => f.label).join(', ')}
              className="rounded-2xl bg-slate-900 p-6 text-white sm:p-8 md:col-span-2"
            >
              <dl className="grid h-full grid-cols-2 content-center gap-6 md:grid-cols-1">
                {about.figures.map((item) => (
                  <div key={item.label} className="flex flex-col-reverse justify-end gap-1">
                    <dt className="text-sm text-slate-300">{item.label}</dt>
                    <dd className="text-3xl font-extrabold tracking-tight">{item.figure}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
        </div>

        <div data-render-later="">
          <section aria-labelledby="newsletter-title" className="rounded-2xl bg-brand-600 p-6 text-white sm:p-10">
            <h2 id="newsletter-title" className="text-xl font-bold sm:text-2xl">
              {about.newsletter.title}
            </h2>
            <p className="mt-3 max-w-2xl text-[15px] leading-relaxed text-white sm:text-base">
              {about.newsletter.description}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <a
                href={links.newsletter}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(buttonStyles.secondary, buttonStyles.sizeMd, 'text-brand-700 ring-0')}
              >
                {about.newsletter.subscribe}
                <span className="sr-only"> {newTabHint}</span>
              </a>
              <a
                href={links.homepage}
                target="_blank"
                rel="noopener noreferrer"
                className={cn(
                  buttonStyles.primary,
                  buttonStyles.sizeMd,
                  'bg-brand-800 ring-1 ring-white/40 hover:bg-brand-700',
                )}
              >
                {about.newsletter.homepage}
                <span className="sr-only"> {newTabHint}</span>
              </a>
            </div>
          </section>
        </div>
      </div>
    </PageShell>
  );
}
