/** The page a notification opens: the lead's page it names (TEAM_PATH/leads/<id>), else the inbox — never elsewhere. */
import { TEAM_PATH } from '../../../../domain/team-paths';

const LEAD_PAGE = new RegExp(`^${TEAM_PATH}/leads/[0-9a-f-]{36}$`);

export const notificationTarget = (url: unknown): string =>
  typeof url === 'string' && LEAD_PAGE.test(url) ? url : `${TEAM_PATH}/`;
