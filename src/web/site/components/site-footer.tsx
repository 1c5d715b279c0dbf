import { footer } from '../../../content/layout';
import { routePath, site } from '../../../content/site';
import { useSiteSettings } from '../site-settings';

/** Footer: brand summary, contact and the privacy policy link. */
export function SiteFooter() {
  const { operator } = useSiteSettings();
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-5 py-10 text-sm text-slate-600 sm:flex-row sm:items-start sm:justify-between sm:px-8">
        <div className="max-w-md">
          <p className="text-base font-bold text-slate-900">{site.name}</p>
          <p className="mt-2 leading-relaxed">{footer.summary}</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <a href={routePath('privacy')} className="font-semibold text-slate-800 underline-offset-4 hover:underline">
            {footer.privacyLink}
          </a>
          <p>
            {footer.contactLabel}:{' '}
            <a href={`mailto:${operator.contactEmail}`} className="underline-offset-4 hover:underline">
              {operator.contactEmail}
            </a>
          </p>
          <p className="text-slate-500">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
