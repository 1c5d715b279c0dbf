/**
 * Owners: the members (role, the export-and-erase grant, removal), the pending invites (re-issue, revoke) and an
 * invite form (the link goes by mail). Every change is confirmed first, its outcome said in a notice or an alert,
 * and the list asked for again (decision 090).
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { formatKst } from '../../../domain/kst';
import type { Member, PendingInviteView, Role } from '../../../domain/team-auth-api';
import { TeamRequestError } from '../api/client';
import { LabelledSelect } from '../components/labelled-select';
import { useDocumentTitle } from '../document-title';
import { useMe } from '../features/auth/session';
import {
  useChangeRole,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useRevokeInvite,
  useSetGrant,
} from '../features/members/member-queries';
const roleLabels: Record<Role, string> = copy.members.roles;

const rowButton = 'min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50';
const dangerButton = 'min-h-11 rounded-lg border border-red-300 px-3 text-sm font-medium text-red-800 hover:bg-red-50';

/** What a failed change says: the server's Korean message (the last owner's removal has its own words). */
function failureOf(error: unknown, removal = false): string {
  if (removal && error instanceof TeamRequestError && error.code === 'conflict') return copy.members.lastOwner;
  return error instanceof Error ? error.message : String(error);
}

export function MembersScreen() {
  useDocumentTitle(copy.members.title);
  const me = useMe().data;
  const members = useMembers();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs a change after its question was answered yes; its outcome replaces the last one on screen. */
  const act = (question: string, run: (done: { onSuccess(): void; onError(error: unknown): void }) => void) => {
    if (!window.confirm(question)) return;
    setNotice(null);
    setFailure(null);
    run({ onSuccess: () => undefined, onError: (error) => setFailure(failureOf(error)) });
  };
  const remove = useRemoveMember();
  const changeRole = useChangeRole();
  const setGrant = useSetGrant();
  const revoke = useRevokeInvite();
  const reissue = useInviteMember();
  const busy = remove.isPending || changeRole.isPending || setGrant.isPending || revoke.isPending || reissue.isPending;

  const memberActions = (member: Member): ReactNode => {
    if (member.id === me?.id) return null;
    const otherRole: Role = member.role === 'owner' ? 'member' : 'owner';
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={rowButton}
          disabled={busy}
          onClick={() =>
            act(
              otherRole === 'owner'
                ? copy.members.makeOwnerConfirm(member.email)
                : copy.members.makeMemberConfirm(member.email),
              (done) =>
                changeRole.mutate(
                  { id: member.id, email: member.email, role: otherRole },
                  {
                    onSuccess: () => setNotice(copy.members.roleChanged(member.email, roleLabels[otherRole])),
                    onError: done.onError,
                  },
                ),
            )
          }
        >
          {otherRole === 'owner' ? copy.members.makeOwner(member.email) : copy.members.makeMember(member.email)}
        </button>
        {member.role === 'member' && (
          <button
            type="button"
            className={rowButton}
            disabled={busy}
            onClick={() => {
              const exportErase = !member.mayExportErase;
              act(
                exportErase ? copy.members.grantOnConfirm(member.email) : copy.members.grantOffConfirm(member.email),
                (done) =>
                  setGrant.mutate(
                    { id: member.id, email: member.email, exportErase },
                    {
                      onSuccess: () => setNotice(copy.members.grantChanged(member.email, exportErase)),
                      onError: done.onError,
                    },
                  ),
              );
            }}
          >
            {member.mayExportErase ? copy.members.grantOff(member.email) : copy.members.grantOn(member.email)}
          </button>
        )}
        <button
          type="button"
          className={dangerButton}
          disabled={busy}
          onClick={() => {
            if (!window.confirm(copy.members.removeConfirm(member.email))) return;
            setNotice(null);
            setFailure(null);
            remove.mutate(member, {
              onSuccess: () => setNotice(copy.members.removed(member.email)),
              onError: (error) => setFailure(failureOf(error, true)),
            });
          }}
        >
          {copy.members.remove(member.email)}
        </button>
      </div>
    );
  };

  const inviteActions = (invite: PendingInviteView): ReactNode => (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={rowButton}
        disabled={busy}
        onClick={() =>
          act(copy.members.reissueConfirm(invite.email), (done) =>
            reissue.mutate(
              { email: invite.email, role: invite.role },
              {
                onSuccess: (answer) =>
                  setNotice(answer.mailed ? copy.members.reissued(answer.email) : copy.members.notMailed(answer.email)),
                onError: done.onError,
              },
            ),
          )
        }
      >
        {copy.members.reissue(invite.email)}
      </button>
      <button
        type="button"
        className={dangerButton}
        disabled={busy}
        onClick={() =>
          act(copy.members.revokeConfirm(invite.email), (done) =>
            revoke.mutate(invite, {
              onSuccess: () => setNotice(copy.members.revoked(invite.email)),
              onError: done.onError,
            }),
          )
        }
      >
        {copy.members.revoke(invite.email)}
      </button>
    </div>
  );

  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.members.title}</h1>
      <p className="mb-6 text-slate-700">{copy.members.intro}</p>
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {notice}
        </p>
      )}
      {failure && (
        <p role="alert" className="mb-4 text-red-800">
          {failure}
        </p>
      )}
      {members.isPending ? (
        <p className="text-slate-600">{copy.loading}</p>
      ) : members.isError ? (
        <p role="alert" className="text-red-800">
          {members.error.message}
        </p>
      ) : (
        <>
          <ul className="mb-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {members.data.members.map((member) => (
              <li
                key={member.id}
                data-testid="member"
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all">
                    {member.email} {member.id === me?.id && <span className="text-slate-600">{copy.members.you}</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {roleLabels[member.role]} · {copy.members.passkeys(member.passkeys)} · {copy.members.lastSignIn}{' '}
                    {member.lastSignInAt ? formatKst(member.lastSignInAt) : copy.members.never} · {copy.members.grant}{' '}
                    {member.role === 'owner'
                      ? copy.members.ownerGranted
                      : member.mayExportErase
                        ? copy.members.granted
                        : copy.members.notGranted}
                  </p>
                </div>
                {memberActions(member)}
              </li>
            ))}
          </ul>
          <section aria-labelledby="pending-invites" className="mb-8">
            <h2 id="pending-invites" className="mb-3 text-lg font-bold">
              {copy.members.invitesHeading}
            </h2>
            {members.data.invites.length === 0 ? (
              <p className="text-slate-600">{copy.members.noInvites}</p>
            ) : (
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {members.data.invites.map((invite) => (
                  <li
                    key={invite.id}
                    data-testid="invite"
                    className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-all">{invite.email}</p>
                      <p className="text-sm text-slate-600">
                        {roleLabels[invite.role]}
                        {invite.invitedBy && ` · ${copy.members.invitedBy(invite.invitedBy)}`} · {copy.members.expires}{' '}
                        {formatKst(invite.expiresAt)}
                      </p>
                    </div>
                    {inviteActions(invite)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <InviteForm />
    </>
  );
}

function InviteForm() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useInviteMember();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <section aria-labelledby={`${emailId}-heading`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${emailId}-heading`} className="mb-3 text-lg font-bold">
        {copy.members.inviteHeading}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={emailId} className="mb-1 block text-sm font-medium">
            {copy.members.email}
          </label>
          <input
            id={emailId}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <LabelledSelect
          label={copy.members.role}
          value={role}
          onChange={setRole}
          options={[
            { value: 'member', label: roleLabels.member },
            { value: 'owner', label: roleLabels.owner },
          ]}
        />
        <button
          type="submit"
          disabled={invite.isPending}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {copy.members.inviteButton}
        </button>
      </form>
      {invite.isSuccess && (
        <p role="status" className="mt-3 text-green-900">
          {invite.data.mailed ? copy.members.invited(invite.data.email) : copy.members.notMailed(invite.data.email)}
        </p>
      )}
      {invite.isError && (
        <p role="alert" className="mt-3 text-red-800">
          {invite.error.message}
        </p>
      )}
    </section>
  );
}
