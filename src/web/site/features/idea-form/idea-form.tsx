import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ideaForm } from '../../../../content/home';
import { ideaFormAnchor } from '../../../../content/site';
import { KakaoConsultLink } from '../../components/site-header';
import {
  CONSENT_VERSION_FIELD,
  HONEYPOT_FIELD,
  IDEA_ENDPOINT,
  KAKAO_UPDATES_FIELD,
} from '../../../../domain/endpoints';
import type { IdeaField } from '../../../../domain/idea';
import { PRIVACY_VERSION } from '../../../../content/privacy-version';
import { buttonStyles } from '../../ui/button-styles';
import { loadedOrLazy } from '../../ui/loaded-or-lazy';
import { cn } from '../../ui/cn';
import { VoiceMemoSlot } from '../voice-memo/voice-memo-slot';
import type { VoiceMemo } from '../voice-memo/voice-memo';
import { sharedIdeaClient, type IdeaValues } from './api';
import type { NoticeState } from './notice-state';
import { FORM_FIELD_ORDER } from './field-order';
import type { FieldErrors } from './validate-idea';

// Validation (zod), the client's outcome handling and the notice stay outside the page's initial JS. They load as
// soon as the visitor starts on the form (first focus, pointer or input, or at hydration when the fields already
// hold what was typed before the page code arrived), so they are in the browser before the press (decision 078).
const loadSubmission = () => import('./submission');
// Loaded before the press, the notice renders with the answer's own commit (loadedOrLazy, decision 080).
const { load: loadNotice, Component: IdeaNotice } = loadedOrLazy(() => import('./idea-notice'));
// The draft kept in this browser (decision 085): loaded after hydration, never on the first paint.
const loadDraft = () => import('./draft');
const DRAFT_SAVE_DELAY_MS = 250;

const fieldClass =
  'mt-2 block w-full rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 transition-colors focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none';

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required: boolean }) {
  return (
    <label htmlFor={htmlFor} className="flex items-center gap-2 text-[15px] font-semibold text-slate-900">
      {label}
      <span
        className={cn(
          'rounded-md px-1.5 py-0.5 text-xs font-semibold',
          required ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600',
        )}
      >
        {required ? ideaForm.requiredMark : ideaForm.optionalMark}
      </span>
    </label>
  );
}

/** A field's refusal, in the server's (or the shared schema's) Korean words; the field points at it with aria-describedby. */
function FieldError({ id: errorId, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

// Fixed ids (the page has one form): the same in the prerendered HTML and in the island that hydrates it.
const id = 'idea-field';

/** What the form holds right now, read from the fields themselves. */
function valuesOf(form: HTMLFormElement): { values: IdeaValues; honeypot: string } {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    values: {
      idea: text('idea'),
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      ...(text(KAKAO_UPDATES_FIELD) === 'on' ? { kakaoUpdates: 'on' as const } : {}),
    },
    honeypot: text('website'),
  };
}

/**
 * The 외주 서비스 신청서: four fields, a hidden honeypot, the submit button, the footnote and the privacy notice.
 *
 * The fields are uncontrolled: the prerendered form is usable before any JavaScript (and posts natively to the
 * intake without it), so whatever a visitor types or autofills before this island hydrates stays in the fields and
 * is read from them at submit. React never writes a field's value, so hydration cannot empty it.
 */
export function IdeaFormSection({ kakaoChannelUrl = null }: { kakaoChannelUrl?: string | null }) {
  const [ideaEmpty, setIdeaEmpty] = useState(true);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  // A recorded memo lives here until it is sent: a failed upload keeps it for the retry.
  const [memo, setMemo] = useState<VoiceMemo | null>(null);
  // Set once a draft kept in this browser was looked for (and put back, if any): the form says so as `data-draft`.
  const [draftChecked, setDraftChecked] = useState(false);
  const [placeholder, setPlaceholder] = useState(0);
  // The fields the last attempt refused (here or at the server), each with its Korean message.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const focusFirstError = useRef(false);
  // A sent form empties when its confirmation shows, not before (the notice may still be loading).
  const sentForm = useRef<HTMLFormElement | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ideaField = useRef<HTMLTextAreaElement>(null);
  const noticeId = useRef(0);
  const draftTimer = useRef<number | undefined>(undefined);
  const fieldId = (name: IdeaField) => `${id}-${name}`;
  const errorId = (name: IdeaField) => `${id}-${name}-error`;
  const describedBy = (name: IdeaField, ...others: string[]) =>
    [...others, ...(fieldErrors[name] ? [errorId(name)] : [])].join(' ') || undefined;
  const invalid = (name: IdeaField) => (fieldErrors[name] ? true : undefined);

  useEffect(() => {
    // The form start: the fill-time check counts from here (a visitor may have typed before, see api.ts).
    void sharedIdeaClient().prepare();
    // An idea typed before hydration stops the examples at once.
    setIdeaEmpty((ideaField.current?.value ?? '') === '');
    // Typed or focused before the page code arrived: the visitor has started, load what the press needs now.
    const form = formRef.current;
    const started =
      form &&
      (form.contains(document.activeElement) || FORM_FIELD_ORDER.some((name) => valuesOf(form).values[name] !== ''));
    if (started) warmUp();
    // A draft left in this browser (reload, closed tab, crash) comes back into the empty fields, with its memo.
    void loadDraft().then(async (draft) => {
      if (form && draft.restoreFields(form)) {
        setIdeaEmpty((ideaField.current?.value ?? '') === '');
        warmUp();
      }
      const saved = await draft.loadMemo();
      if (saved) setMemo((current) => current ?? saved);
      setDraftChecked(true);
    });
    return () => window.clearTimeout(draftTimer.current);
  }, []);

  /** Keeps what is typed in this browser, a moment after the last keystroke. */
  const saveDraftSoon = () => {
    const form = formRef.current;
    window.clearTimeout(draftTimer.current);
    draftTimer.current = window.setTimeout(() => {
      if (form) void loadDraft().then((draft) => draft.saveFields(valuesOf(form).values));
    }, DRAFT_SAVE_DELAY_MS);
  };

  /** The 지우기 control: the form resets itself (natively, also without JavaScript); the kept draft goes too. */
  const clearDraft = () => {
    window.clearTimeout(draftTimer.current);
    setMemo(null);
    setIdeaEmpty(true);
    setFieldErrors({});
    void loadDraft().then((draft) => draft.clearDraft());
  };

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = FORM_FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [fieldErrors]);

  /** A field the visitor changes is no longer marked. */
  const clearError = (name: IdeaField) =>
    setFieldErrors((errors) => {
      if (!errors[name]) return errors;
      const { [name]: _cleared, ...rest } = errors;
      return rest;
    });

  /** Called by the notice once it is on screen: a sent form empties now, with its confirmation in view. */
  const onNoticeShown = () => {
    const form = sentForm.current;
    if (!form) return;
    sentForm.current = null;
    form.reset();
    setMemo(null);
    setIdeaEmpty(true);
    window.clearTimeout(draftTimer.current);
    void loadDraft().then((draft) => draft.clearDraft()); // sent: the draft is done
    void sharedIdeaClient().prepare(); // the next form start, with a fresh form token
  };

  // Rotate the idea examples while the field is empty.
  useEffect(() => {
    if (!ideaEmpty) return;
    const timer = window.setInterval(
      () => setPlaceholder((index) => (index + 1) % ideaForm.fields.idea.placeholders.length),
      ideaForm.fields.idea.placeholderIntervalMs,
    );
    return () => window.clearInterval(timer);
  }, [ideaEmpty]);

  function warmUp() {
    // Font slices for whatever the visitor types (the page itself ships only the slices its copy uses).
    void import('virtual:pretendard-rest.css');
    void loadSubmission();
    void loadNotice();
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSending(true);
    try {
      // The notice's code too, so the answer is shown the moment it arrives (both are normally loaded already).
      const [{ submitIdeaForm }] = await Promise.all([loadSubmission(), loadNotice()]);
      const { values, honeypot } = valuesOf(form);
      const result = await submitIdeaForm(values, honeypot, memo);
      noticeId.current += 1;
      sentForm.current = result.reset ? form : null;
      focusFirstError.current = true;
      setFieldErrors(result.fields);
      setNotice({ id: noticeId.current, ...result.notice });
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
          <h2
            id="idea-form-title"
            className="text-[1.75rem] leading-tight font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
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
          ref={formRef}
          onSubmit={onSubmit}
          onFocusCapture={warmUp}
          onPointerEnter={warmUp}
          onInputCapture={() => {
            warmUp();
            saveDraftSoon();
          }}
          aria-describedby={`${id}-footnote`}
          data-draft={draftChecked ? 'checked' : undefined}
        >
          <div>
            <FieldLabel htmlFor={fieldId('idea')} label={ideaForm.fields.idea.label} required />
            <p id={`${id}-idea-hint`} className="mt-1 text-sm text-slate-600">
              {ideaForm.fields.idea.hint}
            </p>
            <textarea
              id={fieldId('idea')}
              name="idea"
              // A voice memo can carry the idea instead.
              aria-required={memo ? 'false' : 'true'}
              aria-invalid={invalid('idea')}
              aria-describedby={describedBy('idea', `${id}-idea-hint`)}
              rows={5}
              ref={ideaField}
              onInput={(event) => {
                setIdeaEmpty(event.currentTarget.value === '');
                clearError('idea');
              }}
              placeholder={ideaForm.fields.idea.placeholders[placeholder]}
              className={cn(fieldClass, 'min-h-[120px] resize-y leading-relaxed')}
            />
            <FieldError id={errorId('idea')} message={fieldErrors.idea} />
            <VoiceMemoSlot
              memo={memo}
              onChange={(next) => {
                setMemo(next);
                clearError('idea');
                void loadDraft().then((draft) => draft.saveMemo(next));
              }}
              disabled={sending}
              describedBy={`${id}-idea-hint`}
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
                placeholder={ideaForm.fields.name.placeholder}
                aria-invalid={invalid('name')}
                aria-describedby={describedBy('name')}
                onInput={() => clearError('name')}
                className={fieldClass}
              />
              <FieldError id={errorId('name')} message={fieldErrors.name} />
            </div>
            <div>
              <FieldLabel htmlFor={fieldId('phone')} label={ideaForm.fields.phone.label} required={false} />
              <input
                id={fieldId('phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                placeholder={ideaForm.fields.phone.placeholder}
                aria-invalid={invalid('phone')}
                aria-describedby={describedBy('phone')}
                onInput={() => clearError('phone')}
                className={fieldClass}
              />
              <FieldError id={errorId('phone')} message={fieldErrors.phone} />
            </div>
          </div>
          {/* Issue 49: KakaoTalk updates, apart from the privacy consent; posted natively without JavaScript too (a
              checkbox's value is `on` unless set: none written, the first window has 15 bytes to spare). */}
          <label className="text-sm">
            <input type="checkbox" name={KAKAO_UPDATES_FIELD} onChange={() => clearError('phone')} />
            {ideaForm.kakao.label}
          </label>
          <div>
            <FieldLabel htmlFor={fieldId('email')} label={ideaForm.fields.email.label} required />
            <input
              id={fieldId('email')}
              name="email"
              type="email"
              autoComplete="email"
              aria-required="true"
              placeholder={ideaForm.fields.email.placeholder}
              aria-invalid={invalid('email')}
              aria-describedby={describedBy('email')}
              onInput={() => clearError('email')}
              className={fieldClass}
            />
            <FieldError id={errorId('email')} message={fieldErrors.email} />
          </div>

          {/* Honeypot: invisible to people and assistive technology; naive bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={`${id}-website`}>Website</label>
            <input
              id={`${id}-website`}
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>

          <input type="hidden" name={CONSENT_VERSION_FIELD} value={PRIVACY_VERSION} />

          <button
            type="submit"
            disabled={sending}
            aria-busy={sending}
            className={cn(buttonStyles.primary, buttonStyles.sizeLg, 'w-full')}
          >
            {sending ? (
              <>
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
                {ideaForm.submitting}
              </>
            ) : (
              ideaForm.submit
            )}
          </button>
          <p id={`${id}-footnote`} className="text-center text-sm leading-relaxed text-slate-600">
            {ideaForm.footnote}
          </p>
          <p className="flex flex-wrap items-center justify-center gap-x-2 text-center text-sm text-slate-600">
            <span id={`${id}-draft-note`}>{ideaForm.draft.note}</span>
            <button
              type="reset"
              onClick={clearDraft}
              aria-describedby={`${id}-draft-note`}
              className="rounded-md px-2 py-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
            >
              {ideaForm.draft.clear}
            </button>
          </p>
        </form>
        {kakaoChannelUrl ? (
          <p className="mt-4 text-center">
            <KakaoConsultLink href={kakaoChannelUrl} className={cn(buttonStyles.kakao, buttonStyles.sizeMd)} />
          </p>
        ) : null}

        <aside
          aria-labelledby={`${id}-privacy`}
          className="mt-6 rounded-2xl border border-slate-200 bg-white/60 p-5 text-sm text-slate-600"
        >
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
              <IdeaNotice notice={notice} onDismiss={() => setNotice(null)} onShown={onNoticeShown} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </section>
  );
}
