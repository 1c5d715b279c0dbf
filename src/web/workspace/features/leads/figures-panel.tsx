/**
 * This month's figures by the promise (domain/promise.ts): leads received, prototypes within 24 hours out of the
 * leads whose promise is due (never one still inside its 24 hours), the median time to prototype, overdue now.
 */
import { leadsCopy } from '../../../../content/workspace';
import { duration } from './clock';
import { useFigures } from './lead-queries';

const copy = leadsCopy.figures;

export function FiguresPanel() {
  const figures = useFigures();
  if (!figures.data) return null;
  const { month, received, due, deliveredInTime, medianMinutesToPrototype, overdueNow } = figures.data;
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const items = [
    [copy.received, received.toLocaleString('ko-KR'), undefined],
    [copy.inTime, copy.inTimeValue(deliveredInTime, due), copy.inTimeHint],
    [
      copy.median,
      medianMinutesToPrototype === null ? copy.none : duration(medianMinutesToPrototype * 60_000),
      undefined,
    ],
    [copy.overdue, overdueNow.toLocaleString('ko-KR'), undefined],
  ] as const;
  return (
    <section aria-labelledby="lead-figures" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="lead-figures" className="mb-3 text-lg font-bold">
        {copy.title(year, monthNumber)}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="lead-figures">
        {items.map(([label, value, hint]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900" title={hint}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
