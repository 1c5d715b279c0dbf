/** The inbox's place until the leads' screens (web/workspace/leads/) take the route table's `/` row. */
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { useDocumentTitle } from '../document-title';

export function InboxPlaceholder() {
  useDocumentTitle(copy.inbox.title);
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{copy.inbox.title}</h1>
      <p className="text-slate-700">{copy.inbox.placeholder}</p>
    </>
  );
}
