import { Link } from 'wouter';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { useDocumentTitle } from '../document-title';

export function NotFoundScreen() {
  useDocumentTitle(copy.notFound);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{copy.notFound}</h1>
      <Link href="/" className="font-medium text-brand-700 underline">
        {copy.backToInbox}
      </Link>
    </>
  );
}
