/**
 * Where the team's workspace lives, shared by its client, the server and the public site's build (which keeps the
 * workspace out of robots.txt's allowed paths and the sitemap). Each part of the workspace API has its contract
 * (paths and zod schemas, shared by the page and the server) in a domain file of its own beside this one.
 */

/** The workspace's pages (its own client entry, served by the server, never prerendered into the public site). */
export const TEAM_PATH = '/team';
/** Every workspace API path starts here; without a valid session each answers 401, whatever the path or method. */
export const TEAM_API_PATH = '/team/api';
/** A lead's page in the workspace. */
export const leadPagePath = (id: string) => `${TEAM_PATH}/leads/${id}`;
/** The workspace's 현황 screen, where the weekly mail links and the weekly summary's push opens (decision 156). */
export const FIELD_FIGURES_PAGE = `${TEAM_PATH}/field-figures`;
/** The session cookie: `__Host-` (Secure, no Domain, Path=/) behind TLS; without TLS (local use) the plain name. */
export const SESSION_COOKIE = { secure: '__Host-mvp24_team', local: 'mvp24_team' } as const;
