import { useEffect, useState } from 'react';
import { header, kakaoConsult } from '../../../content/layout';
import { ideaFormAnchor, navigation, routePath, site } from '../../../content/site';
import { buttonStyles } from '../ui/button-styles';
import { cn } from '../ui/cn';

interface SiteHeaderProps {
  /** Path of the current page; its link gets aria-current="page". Null on the 404 page. */
  currentPath: string | null;
  /** The agency's KakaoTalk channel; the top bar offers it when set. */
  kakaoChannelUrl?: string | null;
}

/** "카카오톡으로 상담": opens the agency's KakaoTalk channel in a new tab. */
export function KakaoConsultLink({ href, className }: { href: string; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {kakaoConsult.label}
      <span className="sr-only"> {kakaoConsult.hint}</span>
    </a>
  );
}

const MENU_ID = 'mobile-menu';

/** Sticky top bar: brand, page links, the submit-idea button; on small screens the links fold into a menu. */
export function SiteHeader({ currentPath, kakaoChannelUrl = null }: SiteHeaderProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const submitHref = `/#${ideaFormAnchor}`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {header.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
        <a
          href={routePath('home')}
          className="flex items-center gap-2 text-[17px] font-extrabold tracking-tight text-slate-900"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm font-bold text-white"
          >
            24
          </span>
          {site.brand}
        </a>

        <nav aria-label={header.navLabel} className="hidden items-center gap-1 md:flex">
          {navigation.map((link) => (
            <a
              key={link.href}
              href={link.href}
              aria-current={link.href === currentPath ? 'page' : undefined}
              className={cn(
                'rounded-lg px-3 py-2 text-[15px] font-medium transition-colors',
                link.href === currentPath ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {link.label}
            </a>
          ))}
          {kakaoChannelUrl ? (
            <KakaoConsultLink href={kakaoChannelUrl} className={cn(buttonStyles.kakao, buttonStyles.sizeSm, 'ml-3')} />
          ) : null}
          <a
            href={submitHref}
            className={cn(buttonStyles.primary, buttonStyles.sizeSm, kakaoChannelUrl ? 'ml-2' : 'ml-3')}
          >
            {header.submitIdea}
          </a>
        </nav>

        <button
          type="button"
          className="grid size-11 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          aria-label={open ? header.closeMenu : header.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>

      <nav
        id={MENU_ID}
        aria-label={header.navLabel}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-5 pt-2 pb-5 md:hidden"
      >
        <ul className="flex flex-col">
          {navigation.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={link.href === currentPath ? 'page' : undefined}
                onClick={close}
                className={cn(
                  'block rounded-lg px-3 py-3 text-base font-medium',
                  link.href === currentPath ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50',
                )}
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a href={submitHref} onClick={close} className={cn(buttonStyles.primary, buttonStyles.sizeMd, 'mt-3 w-full')}>
          {header.submitIdea}
        </a>
        {kakaoChannelUrl ? (
          <KakaoConsultLink
            href={kakaoChannelUrl}
            className={cn(buttonStyles.kakao, buttonStyles.sizeMd, 'mt-3 w-full')}
          />
        ) : null}
      </nav>
    </header>
  );
}
