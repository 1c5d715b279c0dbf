import { describe, expect, it } from 'vitest';
import type { MeAnswer } from '../../domain/team-auth-api';
import { mayOpen, workspaceRoutes } from './routes';

const opened = (me: Pick<MeAnswer, 'role' | 'mayExportErase'>) =>
  workspaceRoutes.filter((route) => mayOpen(route, me)).map((route) => route.path);

describe('who may open which screen', () => {
  it('gives owners every screen', () => {
    expect(opened({ role: 'owner', mayExportErase: true })).toEqual(workspaceRoutes.map((route) => route.path));
  });

  it('keeps the kept contract records from a member until an owner allows them to export and erase', () => {
    const member = opened({ role: 'member', mayExportErase: false });
    expect(member).not.toContain('/contract-records');
    expect(member).not.toContain('/members');
    expect(member).toContain('/mailbox');
    const granted = opened({ role: 'member', mayExportErase: true });
    expect(granted).toContain('/contract-records');
    expect(granted).not.toContain('/members');
  });
});
