/**
 * The page a notification opens: the lead's page it names (TEAM_PATH/leads/<id>), the 현황 screen (the weekly
 * summary, decision 156), else the inbox — never elsewhere.
 */
import { FIELD_FIGURES_PAGE, TEAM_PATH } from '../../../../domain/team-paths';

const LEAD_PAGE = new RegExp(`^${TEAM_PATH}/leads/[0-9a-f-]{36}$`);

export const notificationTarget = (url: unknown): string =>
  typeof url === 'string' && (LEAD_PAGE.test(url) || url === FIELD_FIGURES_PAGE) ? url : `${TEAM_PATH}/`;
