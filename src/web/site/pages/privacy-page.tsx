import { privacyPolicy } from '../../../content/privacy';
import { PageShell } from '../components/page-shell';
import { useSiteSettings } from '../site-settings';

/** The privacy policy (/privacy). */
export default function PrivacyPage() {
  const privacy = privacyPolicy(useSiteSettings().operator);
  return (
    <PageShell route="privacy">
      <article className="mx-auto max-w-3xl px-5 py-16 sm:px-8 sm:py-20">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{privacy.heading}</h1>
        <p className="mt-3 text-sm text-slate-500">{privacy.effectiveDate}</p>
        <p className="mt-6 text-base leading-relaxed text-slate-700">{privacy.intro}</p>
        {privacy.sections.map((section) => (
          <section key={section.title} className="mt-10">
            <h2 className="text-xl font-bold text-slate-900">{section.title}</h2>
            {section.paragraphs?.map((text) => (
              <p key={text} className="mt-3 text-base leading-relaxed text-slate-700">
                {text}
              </p>
            ))}
            {section.items ? (
              <ul className="mt-3 list-disc space-y-1.5 pl-5 text-base leading-relaxed text-slate-700">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
        <section className="mt-10">
          <h2 className="text-xl font-bold text-slate-900">{privacy.contact.title}</h2>
          <ul className="mt-3 space-y-1.5 text-base text-slate-700">
            {privacy.contact.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>
              {privacy.contact.emailLabel}:{' '}
              <a
                href={`mailto:${privacy.contact.email}`}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                {privacy.contact.email}
              </a>
            </li>
          </ul>
        </section>
      </article>
    </PageShell>
  );
}
