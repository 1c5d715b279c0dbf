import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ideaForm } from '../../../content/home';
import { ideaFormAnchor } from '../../../content/site';
import { IDEA_ENDPOINT } from '../../../domain/idea';
import { buttonStyles } from '../../ui/button-styles';
import { cn } from '../../ui/cn';
import type { IdeaValues } from './api';
import type { NoticeState } from './notice-state';

// Validation (zod), the API client and the notice load on first use, outside the page's initial JS.
const loadSubmission = () => import('./submission');
const IdeaNotice = lazy(() => import('./idea-notice'));

const EMPTY: IdeaValues = { idea: '', name: '', email: '', phone: '' };
const PLACEHOLDER_INTERVAL_MS = 4000;
const fieldClass =
  'mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 transition-colors focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none';

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <label htmlFor={htmlFor} className="flex items-center gap-2 text-[15px] font-semibold text-slate-900">
      {label}
      <span className={cn('rounded-md px-1.5 py-0.5 text-xs font-semibold', required ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600')}>
        {required ? ideaForm.requiredMark : ideaForm.optionalMark}
      </span>
    </label>
  );
}

// Fixed ids (the page has one form): the same in the prerendered HTML and in the island that hydrates it.
const id = 'idea-field';

/** The 외주 서비스 신청서: four fields, a hidden honeypot, the submit button, the footnote and the privacy notice. */
export function IdeaFormSection() {
  const [values, setValues] = useState<IdeaValues>(EMPTY);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [placeholder, setPlaceholder] = useState(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const noticeId = useRef(0);
  const fieldId = (name: keyof IdeaValues) => `${id}-${name}`;

  // Rotate the idea examples while the field is empty.
  useEffect(() => {
    if (values.idea !== '') return;
    const timer = window.setInterval(
      () => setPlaceholder((index) => (index + 1) % ideaForm.fields.idea.placeholders.length),
      PLACEHOLDER_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [values.idea]);

  const warmUp = () => {
    // Font slices for whatever the visitor types (the page itself ships only the slices its copy uses).
    void import('virtual:pretendard-rest.css');
    void loadSubmission().then((module) => module.prepareSubmission());
  };

  const update = (name: keyof IdeaValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const { submitIdeaForm } = await loadSubmission();
      const result = await submitIdeaForm(values, honeypot.current?.value ?? '');
      noticeId.current += 1;
      setNotice({ id: noticeId.current, ...result.notice });
      if (result.reset) {
        setValues(EMPTY);
        if (honeypot.current) honeypot.current.value = '';
      }
    } catch (error) {
      console.error(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section id={ideaFormAnchor} aria-labelledby="idea-form-title" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-2xl px-5 sm:px-8">
        <div className="text-center">
          <h2 id="idea-form-title" className="text-[1.75rem] leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl">
            {ideaForm.title}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-600 sm:text-lg">{ideaForm.subtitle}</p>
        </div>

        <form
          // Without JavaScript (or before it arrives) the browser posts the fields to the intake itself, which
          // answers with a receipt page. POST, never GET: contact details must not land in the URL.
          action={`${(import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '')}${IDEA_ENDPOINT}`}
          method="post"
          className="mt-10 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          onSubmit={onSubmit}
          onFocusCapture={warmUp}
          onPointerEnter={warmUp}
          aria-describedby={`${id}-footnote`}
        >
          <div>
            <FieldLabel htmlFor={fieldId('idea')} label={ideaForm.fields.idea.label} required />
            <p id={`${id}-idea-hint`} className="mt-1 text-sm text-slate-600">
              {ideaForm.fields.idea.hint}
            </p>
            <textarea
              id={fieldId('idea')}
              name="idea"
              aria-required="true"
              aria-describedby={`${id}-idea-hint`}
              rows={5}
              value={values.idea}
              onChange={update('idea')}
              placeholder={ideaForm.fields.idea.placeholders[placeholder]}
              className={cn(fieldClass, 'min-h-[120px] resize-y leading-relaxed')}
            />
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <div>
              <FieldLabel htmlFor={fieldId('name')} label={ideaForm.fields.name.label} required />
              <input
                id={fieldId('name')}
                name="name"
                type="text"
                autoComplete="name"
                aria-required="true"
                value={values.name}
                onChange={update('name')}
                placeholder={ideaForm.fields.name.placeholder}
                className={fieldClass}
              />
            </div>
            <div>
              <FieldLabel htmlFor={fieldId('phone')} label={ideaForm.fields.phone.label} required={false} />
              <input
                id={fieldId('phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={values.phone}
                onChange={update('phone')}
                placeholder={ideaForm.fields.phone.placeholder}
                className={fieldClass}
              />
            </div>
          </div>
          <div>
            <FieldLabel htmlFor={fieldId('email')} label={ideaForm.fields.email.label} required />
            <input
              id={fieldId('email')}
              name="email"
              type="email"
              autoComplete="email"
              aria-required="true"
              value={values.email}
              onChange={update('email')}
              placeholder={ideaForm.fields.email.placeholder}
              className={fieldClass}
            />
          </div>

          {/* Honeypot: invisible to people and assistive technology; naive bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Website</label>
            <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>

          <button type="submit" disabled={sending} aria-busy={sending} className={cn(buttonStyles.primary, buttonStyles.sizeLg, 'w-full')}>
            {sending ? (
              <>
                <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                {ideaForm.submitting}
              </>
            ) : (
              ideaForm.submit
            )}
          </button>
          <p id={`${id}-footnote`} className="text-center text-sm leading-relaxed text-slate-600">
            {ideaForm.footnote}
          </p>
        </form>

        <aside aria-labelledby={`${id}-privacy`} className="mt-6 rounded-2xl border border-slate-200 bg-white/60 p-5 text-sm text-slate-600">
          <h3 id={`${id}-privacy`} className="font-semibold text-slate-800">
            {ideaForm.privacy.title}
          </h3>
          <dl className="mt-3 space-y-1.5">
            {ideaForm.privacy.items.map((item) => (
              <div key={item.term} className="flex gap-3">
                <dt className="w-16 shrink-0 font-medium text-slate-700">{item.term}</dt>
                <dd>{item.detail}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3">
            {ideaForm.privacy.linkPrefix}
            <a href="/privacy" className="font-semibold text-brand-700 underline underline-offset-4">
              {ideaForm.privacy.linkLabel}
            </a>
            {ideaForm.privacy.linkSuffix}
          </p>
        </aside>
      </div>

      <div
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end sm:p-6"
      >
        {notice ? (
          <div key={notice.id} role={notice.tone === 'error' ? 'alert' : 'status'} className="w-full max-w-md">
            <Suspense fallback={null}>
              <IdeaNotice notice={notice} onDismiss={() => setNotice(null)} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </section>
  );
}
