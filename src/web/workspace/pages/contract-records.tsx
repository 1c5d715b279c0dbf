/**
 * 「보관 중인 계약 기록」 (decision 160): the concluded agreements whose leads were erased, kept apart for the years
 * the law requires — the conclusion day, the customer's 상호 or name, the total, the day it is destroyed — and each
 * one's PDF made again from the kept values. Owners and the members they allowed to export and erase have this screen
 * (routes.tsx `only`; the server refuses the others, 403); the server records each view and download.
 */
import { contractRecordsCopy as copy } from '../../../content/contract-records';
import { contractRecordPdfPath } from '../../../domain/contract-records';
import { formatKstDay, kstDay } from '../../../domain/kst';
import { formatWon } from '../../../domain/quote';
import { PageHeading } from '../components/page-heading';
import { useDocumentTitle } from '../document-title';
import { useKeptContracts } from '../features/contract-records/contract-records-queries';

const cell = 'p-1.5 sm:p-2';
const day = (iso: string) => formatKstDay(kstDay(new Date(iso)));

export function ContractRecordsScreen() {
  useDocumentTitle(copy.title);
  const list = useKeptContracts();
  return (
    <section className="mx-auto max-w-4xl">
      <PageHeading className="mb-2 text-2xl font-bold">{copy.title}</PageHeading>
      {list.data && <p className="mb-4 text-slate-700">{copy.lead(list.data.years)}</p>}
      {list.isError && (
        <p role="alert" className="text-red-800">
          {list.error.message}
        </p>
      )}
      {list.data &&
        (list.data.records.length === 0 ? (
          <p className="text-slate-600">{copy.empty}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm" data-testid="contract-records">
              <caption className="sr-only">{copy.title}</caption>
              <thead className="bg-slate-50">
                <tr>
                  {[
                    copy.columns.concludedAt,
                    copy.columns.party,
                    copy.columns.reference,
                    copy.columns.total,
                    copy.columns.purgeAfter,
                    copy.columns.pdf,
                  ].map((label) => (
                    <th key={label} scope="col" className={cell}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.records.map((record) => (
                  <tr key={record.id} className="border-t border-slate-200" data-contract-record={record.id}>
                    <td className={cell}>{day(record.concludedAt)}</td>
                    <th scope="row" className={`${cell} font-medium`}>
                      {record.party}
                      {!record.intact && <span className="block text-red-800">{copy.broken}</span>}
                    </th>
                    <td className={`${cell} font-mono`}>{record.reference}</td>
                    <td className={cell}>{formatWon(record.total)}</td>
                    <td className={cell}>{day(record.purgeAfter)}</td>
                    <td className={cell}>
                      <a
                        href={contractRecordPdfPath(record.id)}
                        download
                        className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 font-medium hover:bg-slate-50"
                      >
                        {copy.pdf}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
