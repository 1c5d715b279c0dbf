/** This month's figures: leads received, prototypes within 24 hours, the median time to prototype, overdue now. */
import { leadsCopy } from '../../../content/workspace';
import { useFigures } from './lead-queries';

const copy = leadsCopy.figures;

export function FiguresPanel() {
  const figures = useFigures();
  if (!figures.data) return null;
  const { month, received, deliveredInTime, medianHoursToPrototype, overdueNow } = figures.data;
  const items = [
    [copy.received, received.toLocaleString('ko-KR')],
    [copy.inTime, `${deliveredInTime.toLocaleString('ko-KR')} / ${received.toLocaleString('ko-KR')}`],
    [copy.median, copy.medianValue(medianHoursToPrototype)],
    [copy.overdue, overdueNow.toLocaleString('ko-KR')],
  ] as const;
  return (
    <section aria-labelledby="lead-figures" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="lead-figures" className="mb-3 text-lg font-bold">
        {copy.title(month)}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="lead-figures">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
