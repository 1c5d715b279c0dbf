/**
 * The concluded agreements' records kept apart after their lead's erasure (decision 160; moved there by
 * ideas/erase-ideas.ts `keepConcludedContracts`, deleted after `purge_after` by jobs/retention.ts), and the routes of
 * the workspace's 「보관 중인 계약 기록」 screen (registered in the workspace API's scope by app.ts: session, Origin),
 * for those who may export and erase leads only (owners and the members they allowed, team/grants.ts). Read for the law's purpose only: the list (the conclusion, the customer's 상호 or name, the total,
 * when it goes) and the agreement's PDF made again from the kept values (contract-pdf.ts); each an access record.
 * The fingerprint is checked on every read, as on the lead (contract-store.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { retentionPromise } from '../../content/privacy';
import type { KeptContractList, KeptContractView } from '../../domain/contract-records';
import { quoteTotals } from '../../domain/quote';
import type { Database } from '../db/client';
import { isIdeaId } from '../db/idea-ids';
import { recordAccess } from '../team/access-records';
import { mayExportErase } from '../team/grants';
import { TeamApiError } from '../team/team-api-error';
import { contractPdf, contractPdfName } from './contract-pdf';
import type { ContractSupplier } from './contract-sheet';
import { contractOf, type ContractRow, type StoredContract } from './contract-store';
import { sendDocument, type DocumentFile } from './document-download';

interface KeptRow extends ContractRow {
  reference: string;
  purge_after: Date | string;
}

/** A kept record: the agreement as the PDF and the fingerprint read it, its lead's reference, and when it goes. */
export interface KeptContract {
  reference: string;
  contract: StoredContract;
  purgeAfter: string;
}

// Named as contract-store.ts reads an agreement on a lead: the conclusion is the countersignature.
const SELECT = sql`select id::text as id, reference, created_at, quote_id::text as quote_id, quote_version,
    quote_sha256, quote_items, schedule, deposit_percent, terms, signed_at, signed_name, sha256, tax_details,
    concluded_at as countersigned_at, concluded_by as countersigned_by, deposit_received_at, purge_after
  from contract_records`;

const keptOf = (row: KeptRow): KeptContract => ({
  reference: row.reference,
  contract: contractOf(row, row.reference),
  purgeAfter: new Date(row.purge_after).toISOString(),
});

/** Every kept record, the latest conclusion first. */
export async function loadKeptContracts(database: Database): Promise<KeptContract[]> {
  const rows = await database.rows<KeptRow>(sql`${SELECT} order by concluded_at desc, id`);
  return rows.map(keptOf);
}

export async function loadKeptContract(database: Database, id: string): Promise<KeptContract | undefined> {
  const [row] = await database.rows<KeptRow>(sql`${SELECT} where id = ${id}::uuid`);
  return row && keptOf(row);
}

export function keptContractView(kept: KeptContract): KeptContractView {
  const { contract } = kept;
  return {
    id: contract.id,
    reference: kept.reference,
    concludedAt: contract.countersignedAt!,
    party: contract.tax?.kind === 'business' ? contract.tax.company : (contract.signedName ?? ''),
    total: quoteTotals(contract.items).total,
    purgeAfter: kept.purgeAfter,
    intact: contract.intact === true,
  };
}

/** The kept agreement's PDF, made as the lead's was (the customer is the name signed). */
export async function keptContractPdf(kept: KeptContract, supplier: ContractSupplier): Promise<DocumentFile> {
  return {
    filename: contractPdfName(kept.reference, kept.contract),
    content: await contractPdf(kept.contract, {
      reference: kept.reference,
      recipient: kept.contract.signedName ?? '',
      supplier,
    }),
    contentType: 'application/pdf',
  };
}

export interface ContractRecordsRoutesOptions {
  database: Database;
  supplier: ContractSupplier;
}

type IdParams = { Params: { id: string } };

export async function contractRecordsRoutes(scope: FastifyInstance, options: ContractRecordsRoutesOptions) {
  const { database } = options;
  const member = (request: FastifyRequest) => ({
    actor: 'member' as const,
    memberId: request.member!.id,
    ip: request.ip,
  });
  // Least privilege: the records of erased leads are for the law's purpose, read by those trusted with every lead.
  scope.addHook('preHandler', async (request) => {
    if (!(await mayExportErase(database, request.member!))) throw new TeamApiError(403, 'forbidden_contract_records');
  });

  scope.get('/contract-records', async (request): Promise<KeptContractList> => {
    const records = (await loadKeptContracts(database)).map(keptContractView);
    await recordAccess(database, {
      ...member(request),
      action: 'contract_records_viewed',
      details: { records: records.length },
    });
    return { records, years: retentionPromise.contractYears };
  });

  scope.get<IdParams>('/contract-records/:id/pdf', async (request, reply) => {
    const id = request.params.id.toLowerCase();
    if (!isIdeaId(id)) throw new TeamApiError(400, 'invalid');
    const kept = await loadKeptContract(database, id);
    if (!kept) throw new TeamApiError(404, 'not_found');
    const file = await keptContractPdf(kept, options.supplier);
    await recordAccess(database, {
      ...member(request),
      action: 'contract_record_downloaded',
      details: { contractId: id, reference: kept.reference },
    });
    return sendDocument(reply, file);
  });
}
