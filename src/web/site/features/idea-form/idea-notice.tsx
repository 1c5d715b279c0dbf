import { useEffect } from 'react';
import { ideaNotices } from '../../../../content/home';
import { cn } from '../../ui/cn';
import type { NoticeState } from './notice-state';

interface IdeaNoticeProps {
  notice: NoticeState;
  onDismiss: () => void;
  /** After the notice is on screen (the form empties a sent form then). */
  onShown?: () => void;
}

/** The toast that reports a submission's outcome (destructive style for errors). Loaded on first use. */
export default function IdeaNotice({ notice, onDismiss, onShown }: IdeaNoticeProps) {
  const error = notice.tone === 'error';
  // Once per notice: the form keys each notice by its id, so a new one mounts anew.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onShown?.(), []);
  return (
    <div
      data-tone={notice.tone}
      className={cn(
        'pointer-events-auto relative w-full rounded-2xl border p-5 pr-12 shadow-xl',
        error ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <p className="flex items-center gap-2 text-base font-bold">
        {error ? null : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 text-emerald-600" fill="currentColor">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4Z" />
          </svg>
        )}
        {notice.title}
      </p>
      <p className={cn('mt-1 text-[15px] leading-relaxed', error ? 'text-white' : 'text-slate-600')}>
        {notice.description}
      </p>
      {notice.details?.length ? (
        <ul className="mt-3 space-y-1 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
          {notice.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {notice.link ? (
        <div className="mt-3 text-sm text-slate-700">
          <p>{notice.link.hint}</p>
          <a
            href={notice.link.href}
            rel="noreferrer"
            data-status-link
            className="mt-2 inline-flex items-center rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            {notice.link.label}
          </a>
        </div>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        aria-label={ideaNotices.dismiss}
        className={cn(
          'absolute top-3 right-3 grid size-9 place-items-center rounded-full',
          error ? 'text-white hover:bg-red-800' : 'text-slate-500 hover:bg-slate-100',
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
