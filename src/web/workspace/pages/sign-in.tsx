/** Sign-in with a passkey: the browser's passkey picker (no e-mail to type). Notes why the member is here. */
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { TEAM_AUTH_PATHS, type CeremonyOptionsAnswer, type MeAnswer } from '../../../domain/team-auth-api';
import { teamRequest } from '../api/client';
import { useDocumentTitle } from '../document-title';
import { ceremonyErrorMessage } from '../features/auth/passkey-errors';
import { useSignedIn, useSignedOutReason } from '../features/auth/session';
import { AuthCard } from '../components/auth-card';

export function SignInScreen() {
  useDocumentTitle(copy.signIn.title);
  const reason = useSignedOutReason();
  const signedIn = useSignedIn();
  const signIn = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await teamRequest<CeremonyOptionsAnswer<PublicKeyCredentialRequestOptionsJSON>>(
        'POST',
        TEAM_AUTH_PATHS.signInOptions,
      );
      const credential = await startAuthentication({ optionsJSON: options });
      return teamRequest<MeAnswer>('POST', TEAM_AUTH_PATHS.signInVerify, { challengeId, credential });
    },
    onSuccess: signedIn,
  });
  const supported = browserSupportsWebAuthn();
  const note = reason === 'idle' ? copy.signIn.idleNote : reason === 'signed_out' ? copy.signIn.signedOutNote : null;
  return (
    <AuthCard title={copy.signIn.title}>
      {note && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          {note}
        </p>
      )}
      <p className="text-slate-700">{copy.signIn.intro}</p>
      {supported ? (
        <button
          type="button"
          onClick={() => signIn.mutate()}
          disabled={signIn.isPending}
          className="min-h-12 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {signIn.isPending ? copy.signIn.working : copy.signIn.button}
        </button>
      ) : (
        <p role="alert" className="text-red-800">
          {copy.signIn.unsupported}
        </p>
      )}
      {signIn.isError && (
        <p role="alert" className="text-red-800">
          {ceremonyErrorMessage(signIn.error)}
        </p>
      )}
      <p className="text-sm text-slate-600">{copy.signIn.noAccount}</p>
    </AuthCard>
  );
}
