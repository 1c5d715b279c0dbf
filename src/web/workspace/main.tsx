/**
 * The workspace's own client entry (decision 082): built apart from the public site (build/build-workspace.ts) into
 * dist/team, served by the server for /team and every /team/* page; no public page loads any of it.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { TEAM_PATH } from '../../domain/team-paths';
import { WorkspaceApp } from './app';
import { createWorkspaceQueryClient } from './api/query-client';
import './styles/workspace.css';

const client = createWorkspaceQueryClient();

createRoot(document.getElementById('workspace')!).render(
  <StrictMode>
    <QueryClientProvider client={client}>
      <Router base={TEAM_PATH}>
        <WorkspaceApp />
      </Router>
    </QueryClientProvider>
  </StrictMode>,
);
