import type { ReactNode } from 'react';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';

/** The signed-out screens' frame: the site's name and one card, centred, phone-sized. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-svh max-w-md flex-col justify-center px-4 py-10">
      <p className="mb-2 text-sm font-semibold text-brand-700">
        {copy.siteName} · {copy.title}
      </p>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">{children}</div>
    </main>
  );
}
