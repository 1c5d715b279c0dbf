/** Owners: the members, an invite form (the link goes by mail), and removal (confirmed). */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { workspaceShellCopy as copy } from '../../../content/workspace-shell';
import { formatKst } from '../../../domain/kst';
import type { MeAnswer, Role } from '../../../domain/team-auth-api';
import { TeamRequestError } from '../api/client';
import { useDocumentTitle } from '../document-title';
import { ME_KEY } from '../api/query-client';
import { useInviteMember, useMembers, useRemoveMember } from '../features/members/member-queries';
const roleLabels: Record<Role, string> = copy.members.roles;

export function MembersScreen() {
  useDocumentTitle(copy.members.title);
  const client = useQueryClient();
  const me = client.getQueryData<MeAnswer>(ME_KEY);
  const members = useMembers();
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useRemoveMember();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.members.title}</h1>
      <p className="mb-6 text-slate-700">{copy.members.intro}</p>
      {notice && (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-3 py-2 text-green-900">
          {notice}
        </p>
      )}
      {remove.isError && (
        <p role="alert" className="mb-4 text-red-800">
          {remove.error instanceof TeamRequestError && remove.error.code === 'conflict'
            ? copy.members.lastOwner
            : remove.error.message}
        </p>
      )}
      {members.isPending ? (
        <p className="text-slate-600">{copy.loading}</p>
      ) : members.isError ? (
        <p role="alert" className="text-red-800">
          {members.error.message}
        </p>
      ) : (
        <ul className="mb-8 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {members.data.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all">
                  {member.email} {member.id === me?.id && <span className="text-slate-600">{copy.members.you}</span>}
                </p>
                <p className="text-sm text-slate-600">
                  {roleLabels[member.role]} · {copy.members.passkeys(member.passkeys)} · {copy.members.lastSignIn}{' '}
                  {member.lastSignInAt ? formatKst(member.lastSignInAt) : copy.members.never}
                </p>
              </div>
              {member.id !== me?.id && (
                <button
                  type="button"
                  className="min-h-11 rounded-lg border border-red-300 px-3 text-sm font-medium text-red-800 hover:bg-red-50"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(copy.members.removeConfirm(member.email)))
                      remove.mutate(member, { onSuccess: () => setNotice(copy.members.removed(member.email)) });
                  }}
                >
                  {copy.members.remove(member.email)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <InviteForm />
    </>
  );
}

function InviteForm() {
  const emailId = useId();
  const roleId = useId();
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
        <div>
          <label htmlFor={roleId} className="mb-1 block text-sm font-medium">
            {copy.members.role}
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3"
          >
            <option value="member">{roleLabels.member}</option>
            <option value="owner">{roleLabels.owner}</option>
          </select>
        </div>
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
