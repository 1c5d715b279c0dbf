/** What the screens say when a passkey ceremony fails in the browser or on the server. */
import { workspaceShellCopy as copy } from '../../../../content/workspace-shell';
import { TeamRequestError } from '../../api/client';

export function ceremonyErrorMessage(error: unknown): string {
  if (error instanceof TeamRequestError) return error.message;
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return copy.signIn.cancelled;
  return copy.signIn.cancelled;
}
