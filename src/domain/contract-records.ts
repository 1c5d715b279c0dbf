/**
 * The concluded agreements' records kept apart after their lead's erasure (decision 160): the workspace's
 * 「보관 중인 계약 기록」 screen lists them and downloads one's PDF. Members only; the server records each view and
 * download. Nothing here reaches the lead lists, the search, the export or the funnel.
 */
import { TEAM_API_PATH } from './team-paths';

export const CONTRACT_RECORDS_PATH = `${TEAM_API_PATH}/contract-records`;
export const contractRecordPdfPath = (id: string) => `${CONTRACT_RECORDS_PATH}/${id}/pdf`;

export interface KeptContractView {
  /** The agreement's id (as it was on the lead). */
  id: string;
  /** The erased lead's reference (접수 번호), which the agreement's fingerprint covers. */
  reference: string;
  /** When the team countersigned (ISO): the conclusion, from which the years are counted. */
  concludedAt: string;
  /** The customer as signed: the 상호 for a business, else the typed name. */
  party: string;
  /** The agreement's total with VAT, in won. */
  total: number;
  /** When the retention job deletes it (ISO). */
  purgeAfter: string;
  /** Whether the kept agreement still hashes to the fingerprint signed. */
  intact: boolean;
}

export interface KeptContractList {
  records: KeptContractView[];
  /** How many years after the conclusion a record is kept (`retentionPromise.contractYears`). */
  years: number;
}
