/**
 * Invite acceptance: the token comes in the address's fragment (never sent to the server with the page request,
 * never in a Referer); it is read once and removed from the address bar, then posted to get registration options.
 */
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import {
  inviteTokenSchema,
  TEAM_AUTH_PATHS,
  type CeremonyOptionsAnswer,
  type MeAnswer,
} from '../../../domain/team-auth-api';
import { teamRequest } from '../api/client';
import { useDocumentTitle } from '../document-title';
import { ceremonyErrorMessage } from '../features/auth/passkey-errors';
import { useSignedIn } from '../features/auth/session';
import { AuthCard } from '../components/auth-card';

function takeToken(): string | null {
  const token = window.location.hash.slice(1);
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  return inviteTokenSchema.safeParse(token).success ? token : null;
}

export function InviteScreen() {
  useDocumentTitle(copy.invite.title);
  const [token] = useState(takeToken);
  const [, navigate] = useLocation();
  const signedIn = useSignedIn();
  const accept = useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await teamRequest<CeremonyOptionsAnswer<PublicKeyCredentialCreationOptionsJSON>>(
        'POST',
        TEAM_AUTH_PATHS.inviteOptions,
        { token },
      );
      const credential = await startRegistration({ optionsJSON: options });
      return teamRequest<MeAnswer>('POST', TEAM_AUTH_PATHS.inviteVerify, { challengeId, credential });
    },
    onSuccess: (member) => {
      signedIn(member);
      navigate('/', { replace: true });
    },
  });
  return (
    <AuthCard title={copy.invite.title}>
      {!token ? (
        <p role="alert" className="text-red-800">
          {copy.invite.missing}
        </p>
      ) : !browserSupportsWebAuthn() ? (
        <p role="alert" className="text-red-800">
          {copy.signIn.unsupported}
        </p>
      ) : (
        <>
          <p className="text-slate-700">{copy.invite.intro}</p>
          <button
            type="button"
            onClick={() => accept.mutate()}
            disabled={accept.isPending}
            className="min-h-12 w-full rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {accept.isPending ? copy.invite.working : copy.invite.button}
          </button>
          {accept.isError && (
            <p role="alert" className="text-red-800">
              {ceremonyErrorMessage(accept.error)}
            </p>
          )}
        </>
      )}
    </AuthCard>
  );
}
