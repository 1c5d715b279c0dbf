/**
 * The service agreement in the database (issue 50, decision 150). Each change is one transaction that locks the
 * idea's row first (as the quote's changes do, one lock order): sending it (the row with the articles as the template
 * words them then, a team message carrying it whose mail goes to the founder, an event), the founder's signature
 * (name, instant, tax details, the SHA-256 of its canonical form), the team's countersignature (the lead moves to 계약,
 * a team message carrying the signed agreement, whose mail attaches its PDF, the alerts), and the deposit received.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { contractTerms } from '../../content/contract';
import { contractMailCopy } from '../../content/contract';
import {
  canonicalContract,
  contractState,
  depositAmount,
  DEPOSIT_DUE_DAYS,
  type ContractView,
  type TaxDetails,
} from '../../domain/contract';
import { leadReference } from '../../domain/lead-reference';
import { formatWon, quoteState, quoteTotals, type QuoteItem } from '../../domain/quote';
import type { Database, RowsFn } from '../db/client';
import { changeStage } from '../ideas/lead-stages';
import { addSearchText } from '../ideas/search-text';

export interface ContractRow extends Record<string, unknown> {
  id: string;
  created_at: Date | string;
  quote_id: string;
  quote_version: number;
  quote_sha256: string | null;
  quote_items: QuoteItem[] | string;
  schedule: string;
  deposit_percent: number;
  terms: string[] | string;
  signed_at: Date | string | null;
  signed_name: string | null;
  sha256: string | null;
  tax_details: TaxDetails | string | null;
  countersigned_at: Date | string | null;
  countersigned_by: string | null;
  deposit_received_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The stored agreement with its articles (the articles are not part of the view both sides' lists carry). */
export interface StoredContract extends ContractView {
  terms: string[];
}

/**
 * SHA-256 (hex) of the agreement's canonical form as signed with `signature` on the lead whose reference is
 * `reference` (the lead's, or the one kept with its records after the lead's erasure, decision 160).
 */
export const contractSha256 = (
  contract: StoredContract,
  reference: string,
  signature: { name: string; tax: TaxDetails },
): string =>
  crypto
    .createHash('sha256')
    .update(canonicalContract(contract, reference, contract.terms, signature), 'utf8')
    .digest('hex');

/**
 * A stored agreement as both sides read it, its fingerprint checked against the lead's `reference` (a lead's, or the
 * one kept with its records after the erasure, contract-records.ts).
 */
export function contractOf(row: ContractRow, reference: string): StoredContract {
  const tax = row.tax_details === null ? null : json<TaxDetails>(row.tax_details);
  const contract: StoredContract = {
    id: row.id,
    createdAt: iso(row.created_at),
    quoteId: row.quote_id,
    quoteVersion: Number(row.quote_version),
    quoteSha256: row.quote_sha256 ?? '',
    items: json<QuoteItem[]>(row.quote_items),
    schedule: row.schedule,
    depositPercent: Number(row.deposit_percent),
    terms: json<string[]>(row.terms),
    signedAt: isoOrNull(row.signed_at),
    signedName: row.signed_name,
    sha256: row.sha256,
    intact: null,
    tax,
    countersignedAt: isoOrNull(row.countersigned_at),
    countersignedBy: row.countersigned_by,
    depositReceivedAt: isoOrNull(row.deposit_received_at),
  };
  // Checked on every read: the agreement as stored is still the one signed.
  if (contract.sha256 && contract.signedName !== null && tax)
    contract.intact = contractSha256(contract, reference, { name: contract.signedName, tax }) === contract.sha256;
  return contract;
}

const SELECT = sql`select c.id::text as id, c.created_at, c.quote_id::text as quote_id, q.version as quote_version,
    q.accepted_sha256 as quote_sha256, q.items as quote_items, c.schedule, c.deposit_percent, c.terms, c.signed_at,
    c.signed_name, c.sha256, c.tax_details, c.countersigned_at, m.email as countersigned_by, c.deposit_received_at
  from contracts c join quotes q on q.id = c.quote_id left join team_members m on m.id = c.countersigned_by`;

/** The lead's agreements, oldest first. */
export async function loadContracts(database: Database | { rows: RowsFn }, ideaId: string): Promise<StoredContract[]> {
  const rows = await database.rows<ContractRow>(
    sql`${SELECT} where c.idea_id = ${ideaId}::uuid order by c.created_at, c.id`,
  );
  return rows.map((row) => contractOf(row, leadReference(ideaId)));
}

async function lockedContract(rows: RowsFn, ideaId: string, contractId: string) {
  await rows(sql`select id from ideas where id = ${ideaId}::uuid for update`);
  const [row] = await rows<ContractRow>(
    sql`${SELECT} where c.id = ${contractId}::uuid and c.idea_id = ${ideaId}::uuid for update of c`,
  );
  return row ? contractOf(row, leadReference(ideaId)) : undefined;
}

async function addEvent(rows: RowsFn, ideaId: string, memberId: string | null, kind: string, details: object) {
  await rows(sql`insert into idea_events (idea_id, at, member_id, kind, details)
    values (${ideaId}::uuid, now(), ${memberId}::uuid, ${kind}, ${JSON.stringify(details)}::jsonb)`);
}

/** A team message carrying the agreement, with its founder mail queued (as thread-store.ts sends a message). */
async function contractMessage(rows: RowsFn, ideaId: string, memberId: string, contractId: string, body: string) {
  const messageId = crypto.randomUUID();
  await rows(sql`insert into thread_messages (id, idea_id, at, side, member_id, body, contract_id)
    values (${messageId}::uuid, ${ideaId}::uuid, now(), 'team', ${memberId}::uuid, ${body}, ${contractId}::uuid)`);
  await addSearchText(rows, ideaId, body);
  await rows(sql`
    insert into founder_mails (idea_id, kind, ref, recipient_hash, status, attempts, created_at, next_attempt_at)
    select id, 'message', ${messageId}, encode(sha256(convert_to(lower(trim(email)), 'UTF8')), 'hex'),
      'pending', 0, now(), now()
    from ideas where id = ${ideaId}::uuid
    on conflict (idea_id, kind, ref) do nothing`);
  return messageId;
}

export type ContractRefusal =
  | 'not_found'
  /** The quote is not accepted (open, expired), or was superseded or withdrawn. */
  | 'quote_not_accepted'
  /** An agreement was already made from this quote. */
  | 'exists'
  | 'already_signed'
  | 'not_signed'
  | 'concluded'
  | 'deposit_marked';

type Outcome<T = object> = ({ ok: true } & T) | { ok: false; reason: ContractRefusal };

/** The team sends an agreement made from the accepted quote `quoteId`, with the deposit rate the settings give. */
export async function sendContract(
  database: Database,
  input: { ideaId: string; memberId: string; quoteId: string; schedule: string; depositPercent: number; body: string },
  inTransaction: (rows: RowsFn, contractId: string) => Promise<void>,
  now = new Date(),
): Promise<Outcome<{ contractId: string }>> {
  return database.transaction(async (rows) => {
    const [idea] = await rows(sql`select id from ideas where id = ${input.ideaId}::uuid for update`);
    if (!idea) return { ok: false, reason: 'not_found' } as const;
    const [quote] = await rows<{
      items: QuoteItem[] | string;
      version: number;
      accepted_at: Date | string | null;
      superseded_at: Date | string | null;
      withdrawn_at: Date | string | null;
      valid_until: string;
    }>(sql`select items, version, accepted_at, superseded_at, withdrawn_at, valid_until::text as valid_until
      from quotes where id = ${input.quoteId}::uuid and idea_id = ${input.ideaId}::uuid`);
    if (!quote) return { ok: false, reason: 'not_found' } as const;
    const state = quoteState(
      {
        acceptedAt: isoOrNull(quote.accepted_at),
        supersededAt: isoOrNull(quote.superseded_at),
        withdrawnAt: isoOrNull(quote.withdrawn_at),
        validUntil: quote.valid_until,
      } as Parameters<typeof quoteState>[0],
      now,
    );
    if (state !== 'accepted') return { ok: false, reason: 'quote_not_accepted' } as const;
    const [existing] = await rows(sql`select 1 from contracts where quote_id = ${input.quoteId}::uuid`);
    if (existing) return { ok: false, reason: 'exists' } as const;
    const total = quoteTotals(json<QuoteItem[]>(quote.items)).total;
    const deposit = depositAmount(total, input.depositPercent);
    const terms = contractTerms({
      quoteVersion: Number(quote.version),
      total: formatWon(total),
      depositPercent: input.depositPercent,
      deposit: formatWon(deposit),
      balance: formatWon(total - deposit),
      schedule: input.schedule,
      depositDueDays: DEPOSIT_DUE_DAYS,
    });
    const contractId = crypto.randomUUID();
    await rows(sql`insert into contracts (id, idea_id, quote_id, created_at, member_id, schedule, deposit_percent, terms)
      values (${contractId}::uuid, ${input.ideaId}::uuid, ${input.quoteId}::uuid, now(), ${input.memberId}::uuid,
        ${input.schedule}, ${input.depositPercent}, ${JSON.stringify(terms)}::jsonb)`);
    await contractMessage(rows, input.ideaId, input.memberId, contractId, input.body);
    await addEvent(rows, input.ideaId, input.memberId, 'contract', { contractId, quoteId: input.quoteId });
    await inTransaction(rows, contractId);
    return { ok: true, contractId } as const;
  });
}

/**
 * The founder signs (「동의합니다」, their name, the tax details): only an agreement not yet signed whose quote is
 * still the accepted, current one. Stores the instant, the name, the details and the SHA-256 of the canonical form.
 */
export async function signContract(
  database: Database,
  input: { ideaId: string; contractId: string; name: string; tax: TaxDetails },
  inTransaction: (rows: RowsFn, contract: StoredContract) => Promise<void>,
  now = new Date(),
): Promise<Outcome<{ sha256: string }>> {
  return database.transaction(async (rows) => {
    const contract = await lockedContract(rows, input.ideaId, input.contractId);
    if (!contract) return { ok: false, reason: 'not_found' } as const;
    if (contract.signedAt) return { ok: false, reason: 'already_signed' } as const;
    const [quote] = await rows<{ state: string }>(sql`select case when withdrawn_at is not null then 'withdrawn'
        when superseded_at is not null then 'superseded' when accepted_at is not null then 'accepted' else 'open' end
        as state from quotes where id = ${contract.quoteId}::uuid`);
    if (quote?.state !== 'accepted') return { ok: false, reason: 'quote_not_accepted' } as const;
    const sha256 = contractSha256(contract, leadReference(input.ideaId), { name: input.name, tax: input.tax });
    await rows(sql`update contracts set signed_at = ${now.toISOString()}::timestamptz, signed_name = ${input.name},
        tax_details = ${JSON.stringify(input.tax)}::jsonb, sha256 = ${sha256}
      where id = ${contract.id}::uuid`);
    await addEvent(rows, input.ideaId, null, 'contract_signed', { contractId: contract.id });
    await inTransaction(rows, contract);
    return { ok: true, sha256 } as const;
  });
}

/**
 * The team countersigns an agreement the founder signed: the lead moves to 계약 (lead-stages.ts, the stage's own
 * event; a lead whose prototype never went out stays where it is, the stage rules refusing), a `contract_concluded`
 * event, and a team message carrying the signed agreement, whose mail attaches its PDF.
 */
export async function countersignContract(
  database: Database,
  input: { ideaId: string; contractId: string; memberId: string },
  inTransaction: (rows: RowsFn, contract: StoredContract) => Promise<void>,
): Promise<Outcome<{ stageMoved: boolean }>> {
  return database.transaction(async (rows) => {
    const contract = await lockedContract(rows, input.ideaId, input.contractId);
    if (!contract) return { ok: false, reason: 'not_found' } as const;
    const state = contractState(contract);
    if (state === 'sent') return { ok: false, reason: 'not_signed' } as const;
    if (state === 'concluded') return { ok: false, reason: 'concluded' } as const;
    await rows(sql`update contracts set countersigned_at = now(), countersigned_by = ${input.memberId}::uuid
      where id = ${contract.id}::uuid`);
    await addEvent(rows, input.ideaId, input.memberId, 'contract_concluded', { contractId: contract.id });
    const moved = await changeStage(rows, input.ideaId, { stage: 'contracted' }, { memberId: input.memberId });
    await contractMessage(rows, input.ideaId, input.memberId, contract.id, contractMailCopy.founderBody);
    await inTransaction(rows, contract);
    return { ok: true, stageMoved: typeof moved === 'object' } as const;
  });
}

/** The team marks the deposit of a concluded agreement received (once). */
export async function markDepositReceived(
  database: Database,
  input: { ideaId: string; contractId: string; memberId: string },
  inTransaction: (rows: RowsFn, contract: StoredContract) => Promise<void>,
): Promise<Outcome> {
  return database.transaction(async (rows) => {
    const contract = await lockedContract(rows, input.ideaId, input.contractId);
    if (!contract) return { ok: false, reason: 'not_found' } as const;
    if (contractState(contract) !== 'concluded') return { ok: false, reason: 'not_signed' } as const;
    if (contract.depositReceivedAt) return { ok: false, reason: 'deposit_marked' } as const;
    await rows(sql`update contracts set deposit_received_at = now() where id = ${contract.id}::uuid`);
    await addEvent(rows, input.ideaId, input.memberId, 'deposit_received', { contractId: contract.id });
    await inTransaction(rows, contract);
    return { ok: true } as const;
  });
}
