/**
 * The team's members on the command line: `npm run team -- invite <email> [--role owner] | members | invites |
 * revoke <email> | role <email> owner|member | grant <email> on|off | remove <email> | check-records`. Works while the server runs (PGlite: through its loopback admin API) and on
 * PostgreSQL; every action is recorded with actor `cli`. The invite link uses SITE_URL, else http://localhost:PORT.
 */
import { teamCliCopy as copy } from '../content/team-cli';
import { formatKst } from '../domain/kst';
import { inviteBody, inviteLink, ROLES, type Role } from '../domain/team-auth-api';
import { closeFilesToOthers } from '../server/storage/data-dir-access';
import { CliError, processIo, runCommand, type CliIo } from './cli-connection';
import { connectTeamMembers, type TeamMembersClient } from './team-members-client';

const roleLabels: Record<Role, string> = copy.roles;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function run(client: TeamMembersClient, args: string[], io: CliIo, origin: string): Promise<number> {
  const [command, target] = args;
  switch (command) {
    case 'invite': {
      const roleOption = option(args, '--role');
      if (roleOption !== undefined && !(ROLES as readonly string[]).includes(roleOption))
        throw new CliError(copy.invalidRole);
      const parsed = inviteBody.safeParse({ email: target ?? '', role: roleOption });
      if (!parsed.success) throw new CliError(copy.invalidEmail);
      // Nobody can invite from the workspace before there is an owner: the first invite makes one. A member invited
      // again is recovering a lost passkey: without --role they keep the role they have.
      const members = await client.members();
      const existing = members.find((member) => member.email === parsed.data.email);
      const hasOwner = members.some((member) => member.role === 'owner');
      const role: Role = roleOption ? (roleOption as Role) : (existing?.role ?? (hasOwner ? 'member' : 'owner'));
      const invite = await client.invite(parsed.data.email, role);
      if ('currentRole' in invite)
        throw new CliError(copy.roleDiffers(parsed.data.email, roleLabels[invite.currentRole]));
      const expires = formatKst(invite.expiresAt);
      io.err(
        existing
          ? copy.recoveryCreated(invite.email, roleLabels[role], expires)
          : copy.inviteCreated(invite.email, roleLabels[role], expires),
      );
      io.out(inviteLink(origin, invite.token));
      return 0;
    }
    case 'members': {
      const members = await client.members();
      io.out(
        members.length === 0
          ? copy.noMembers
          : members
              .map((member) =>
                copy.memberLine(
                  member.email,
                  roleLabels[member.role],
                  member.passkeys,
                  member.lastSignInAt ? formatKst(member.lastSignInAt) : copy.never,
                ),
              )
              .join('\n'),
      );
      return 0;
    }
    case 'invites': {
      const invites = await client.invites();
      io.out(
        invites.length === 0
          ? copy.noInvites
          : invites
              .map((invite) => copy.inviteLine(invite.email, roleLabels[invite.role], formatKst(invite.expiresAt)))
              .join('\n'),
      );
      return 0;
    }
    case 'revoke': {
      if (!target) throw new CliError(copy.usage);
      const revoked = await client.revoke(target);
      if (revoked === 0) throw new CliError(copy.noInviteFor(target));
      io.out(copy.revoked(target.trim().toLowerCase(), revoked));
      return 0;
    }
    case 'role': {
      const role = args[2];
      if (!target || !role) throw new CliError(copy.usage);
      if (!(ROLES as readonly string[]).includes(role)) throw new CliError(copy.invalidRole);
      const result = await client.setRole(target, role as Role);
      if (!result.ok) throw new CliError(result.reason === 'last_owner' ? copy.lastOwner : copy.notMember(target));
      io.out(copy.roleSet(target.trim().toLowerCase(), roleLabels[role as Role], result.changed));
      return 0;
    }
    case 'grant': {
      const value = args[2];
      if (!target || (value !== 'on' && value !== 'off')) throw new CliError(copy.usage);
      if (!(await client.setGrant(target, value === 'on'))) throw new CliError(copy.notMember(target));
      io.out(copy.grantSet(target.trim().toLowerCase(), value === 'on'));
      return 0;
    }
    case 'remove': {
      if (!target) throw new CliError(copy.usage);
      const result = await client.remove(target);
      if (!result.ok) throw new CliError(result.reason === 'last_owner' ? copy.lastOwner : copy.notMember(target));
      io.out(copy.removed(target.trim().toLowerCase(), result.sessionsEnded));
      return 0;
    }
    case 'check-records': {
      const check = await client.checkRecords();
      if (!check.ok) {
        io.out(copy.chainBroken(check.brokenAt, check.checked));
        const detail = {
          edited: copy.chainEdited(check.brokenAt),
          link: copy.chainBroken(check.brokenAt, check.checked),
          start: copy.chainStart(check.brokenAt),
          end: copy.chainEnd(check.brokenAt),
          anchor: copy.chainAnchor,
        }[check.problem];
        if (check.problem !== 'link') io.out(detail);
        if (check.missing) io.out(copy.chainMissing(check.missing.from, check.missing.to));
        return 1;
      }
      io.out(copy.chainOk(check.checked));
      return 0;
    }
    default:
      throw new CliError(copy.usage);
  }
}

export async function main(args: string[], io: CliIo = processIo): Promise<number> {
  return runCommand(io, connectTeamMembers, async (client, config) => {
    io.err(`(${client.via})`);
    return run(client, args, io, io.env.SITE_URL || `http://localhost:${config.port}`);
  });
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  if (!closeFilesToOthers()) throw new Error('umask 077 could not be set');
  process.exitCode = await main(process.argv.slice(2));
}
