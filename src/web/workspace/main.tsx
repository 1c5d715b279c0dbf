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
import { registerServiceWorker } from './features/push/push-device';
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

// The service worker shows push notifications and opens a lead on a click (decision 130); registered once the page
// has loaded, so it never competes with the first screen.
window.addEventListener('load', () => void registerServiceWorker()?.catch(() => undefined));
