import { notFound } from '../../../content/not-found';
import { routePath } from '../../../content/site';
import { PageShell } from '../components/page-shell';
import { buttonStyles } from '../ui/button-styles';
import { cn } from '../ui/cn';

/** 404 page: served by the server for any unknown path (its page code logs the path the visitor tried). */
export default function NotFoundPage() {
  return (
    <PageShell route="not-found">
      <div className="mx-auto flex max-w-xl flex-col items-center px-5 py-24 text-center sm:py-32">
        <p className="text-6xl font-extrabold tracking-tight text-brand-600">{notFound.code}</p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">{notFound.title}</h1>
        <p className="mt-3 text-lg text-slate-700">{notFound.korean}</p>
        <p className="mt-1 text-base text-slate-600">{notFound.hint}</p>
        <a href={routePath('home')} className={cn(buttonStyles.primary, buttonStyles.sizeMd, 'mt-8')}>
          {notFound.backHome}
        </a>
      </div>
    </PageShell>
  );
}
