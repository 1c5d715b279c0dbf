/**
 * 현황 (decision 098): field Web Vitals of the public pages — p75 of LCP, INP and CLS per route and device over the
 * last days against the Core Web Vitals thresholds, a daily trend chart per metric — the cookieless funnel of this
 * month beside the last with each step's conversion, the 24-hour promise's on-time rate, and the funnel to a
 * contract by source (decision 135). Its own chunk of the
 * workspace; every chart has its table.
 */
import { useQuery } from '@tanstack/react-query';
import { fieldFiguresCopy as copy } from '../../../content/field-figures';
import { routes } from '../../../content/site';
import {
  CORE_METRICS,
  DEVICES,
  FIELD_FIGURES_PATH,
  type Device,
  type FunnelRow,
  type FunnelStep,
  type Rating,
  type VitalsFigures,
} from '../../../domain/vitals';
import { teamRequest } from '../api/client';
import { useDocumentTitle } from '../document-title';
import { useFigures } from '../features/leads/lead-queries';
import { formatValue, percent, ratingOf } from '../features/field-figures/format';
import { TrendChart } from '../features/field-figures/trend-chart';
import { SourceFunnelSection } from '../features/field-figures/source-funnel';

const ratingStyles = {
  good: 'bg-emerald-100 text-emerald-900',
  'needs-improvement': 'bg-amber-100 text-amber-900',
  poor: 'bg-rose-100 text-rose-900',
} as const;

/** The copy's labels, checked against the contract (a missing one fails the typecheck). */
const stepLabels: Record<FunnelStep, string> = copy.steps;
const ratingLabels: Record<Rating, string> = copy.ratings;
const deviceLabels: Record<Device, string> = copy.devices;
const metricMeanings: Record<(typeof CORE_METRICS)[number], string> = copy.vitals.meanings;

const routePathOf = (id: string) => routes.find((route) => route.id === id)?.path ?? id;

export function FieldFiguresScreen() {
  useDocumentTitle(copy.title);
  const figures = useQuery({
    queryKey: ['field-figures'],
    queryFn: () => teamRequest<VitalsFigures>('GET', FIELD_FIGURES_PATH),
  });
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{copy.title}</h1>
      <p className="mb-1 text-slate-700">{copy.intro}</p>
      <p className="mb-6 text-sm text-slate-600" data-testid="field-not-counted">
        {copy.notCounted}
      </p>
      <PromisePanel />
      <SourceFunnelSection />
      {figures.isPending ? (
        <p className="text-slate-600">{copy.loading}</p>
      ) : figures.isError ? (
        <p role="alert" className="text-red-800">
          {figures.error.message || copy.failed}
        </p>
      ) : (
        <>
          {figures.data.enabled ? null : (
            <p role="status" className="mb-6 rounded-lg bg-amber-50 p-3 text-amber-900">
              {copy.off}
            </p>
          )}
          <VitalsTable figures={figures.data} />
          <section aria-labelledby="field-trend" className="mb-8">
            <h2 id="field-trend" className="mb-3 text-lg font-bold">
              {copy.trend.heading}
            </h2>
            <div className="grid gap-3 md:grid-cols-3">
              {CORE_METRICS.map((metric) => (
                <TrendChart key={metric} metric={metric} trend={figures.data.trend} />
              ))}
            </div>
          </section>
          <FunnelTable figures={figures.data} />
        </>
      )}
    </>
  );
}

function PromisePanel() {
  const figures = useFigures();
  if (!figures.data) return null;
  // The promise's own measure (domain/promise.ts): only leads whose 24 hours are over, or that got their prototype.
  const { due, deliveredInTime } = figures.data;
  return (
    <section aria-labelledby="field-promise" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="field-promise" className="mb-1 text-lg font-bold">
        {copy.promise.heading}
      </h2>
      {due === 0 ? (
        <p className="text-slate-700">{copy.promise.none}</p>
      ) : (
        <p className="text-slate-700">
          {copy.promise.onTime}{' '}
          <strong className="text-xl text-slate-900" data-testid="promise-on-time">
            {percent(deliveredInTime / due)}
          </strong>{' '}
          ({deliveredInTime.toLocaleString('ko-KR')} / {due.toLocaleString('ko-KR')})
        </p>
      )}
    </section>
  );
}

function VitalsTable({ figures }: { figures: VitalsFigures }) {
  const routeIds = [...new Set(figures.p75.map((row) => row.route))];
  return (
    <section aria-labelledby="field-vitals" className="mb-8">
      <h2 id="field-vitals" className="mb-1 text-lg font-bold">
        {copy.vitals.heading(figures.days)}
      </h2>
      <p className="mb-2 text-sm text-slate-600">{copy.vitals.caption}</p>
      <dl className="mb-3 space-y-1 text-sm text-slate-700" data-testid="field-vitals-meanings">
        {CORE_METRICS.map((metric) => (
          <div key={metric}>
            <dt className="mr-2 inline font-semibold">{metric}</dt>
            <dd className="inline">{metricMeanings[metric]}</dd>
          </div>
        ))}
      </dl>
      {routeIds.length === 0 ? (
        <p className="text-slate-600">{copy.vitals.none}</p>
      ) : (
        // Fits a 390 px phone without sideways scrolling (a verdict wraps under its value).
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="field-vitals">
            <caption className="sr-only">{copy.vitals.heading(figures.days)}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-1.5 sm:p-2">
                  {copy.vitals.route}
                </th>
                <th scope="col" className="p-1.5 sm:p-2">
                  {copy.vitals.device}
                </th>
                {CORE_METRICS.map((metric) => (
                  <th key={metric} scope="col" className="p-1.5 sm:p-2">
                    {metric}
                  </th>
                ))}
                <th scope="col" className="p-1.5 sm:p-2">
                  {copy.vitals.samples}
                </th>
              </tr>
            </thead>
            <tbody>
              {routeIds.flatMap((route) =>
                DEVICES.map((device) => {
                  const cells = CORE_METRICS.map((metric) =>
                    figures.p75.find((row) => row.route === route && row.device === device && row.metric === metric),
                  );
                  if (cells.every((cell) => !cell)) return null;
                  return (
                    <tr
                      key={`${route}-${device}`}
                      className="border-t border-slate-200"
                      data-row={`${route}-${device}`}
                    >
                      <th scope="row" className="p-1.5 sm:p-2 font-medium">
                        {routePathOf(route)}
                      </th>
                      <td className="p-1.5 sm:p-2">{deviceLabels[device]}</td>
                      {CORE_METRICS.map((metric, index) => {
                        const value = cells[index]?.value ?? null;
                        const verdict = ratingOf(metric, value);
                        return (
                          <td key={metric} className="p-1.5 sm:p-2" data-metric={metric} data-value={value ?? ''}>
                            {formatValue(metric, value)}{' '}
                            {verdict ? (
                              <span
                                className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ${ratingStyles[verdict]}`}
                              >
                                {ratingLabels[verdict]}
                              </span>
                            ) : null}
                          </td>
                        );
                      })}
                      <td className="p-1.5 sm:p-2">
                        {Math.max(...cells.map((cell) => cell?.samples ?? 0)).toLocaleString('ko-KR')}
                      </td>
                    </tr>
                  );
                }),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FunnelTable({ figures }: { figures: VitalsFigures }) {
  const { thisMonth, lastMonth, thisMonthLabel, lastMonthLabel } = figures.funnel;
  const widest = Math.max(1, ...thisMonth.map((row) => row.count), ...lastMonth.map((row) => row.count));
  const bar = (row: FunnelRow, tone: string) => (
    <span
      aria-hidden="true"
      className={`mt-1 block h-2 rounded ${tone}`}
      style={{ width: `${Math.max(1, (row.count / widest) * 100)}%` }}
    />
  );
  return (
    <section aria-labelledby="field-funnel" className="mb-8">
      <h2 id="field-funnel" className="mb-1 text-lg font-bold">
        {copy.funnel.heading}
      </h2>
      <p className="mb-1 text-sm text-slate-600">{copy.funnel.caption}</p>
      <p className="mb-1 text-sm text-slate-600">{copy.funnel.sources}</p>
      <p className="mb-3 text-sm text-slate-600">{copy.funnel.capped}</p>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="field-funnel">
          <caption className="sr-only">{copy.funnel.heading}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="p-1.5 sm:p-2">
                {copy.funnel.step}
              </th>
              <th scope="col" className="p-1.5 sm:p-2">
                {thisMonthLabel}
              </th>
              <th scope="col" className="p-1.5 sm:p-2">
                {copy.funnel.conversion}
              </th>
              <th scope="col" className="p-1.5 sm:p-2">
                {lastMonthLabel}
              </th>
              <th scope="col" className="p-1.5 sm:p-2">
                {copy.funnel.conversion}
              </th>
            </tr>
          </thead>
          <tbody>
            {thisMonth.map((row, index) => {
              const last = lastMonth[index]!;
              return (
                <tr key={row.step} className="border-t border-slate-200" data-step={row.step}>
                  <th scope="row" className="p-1.5 sm:p-2 font-medium">
                    {stepLabels[row.step]}
                  </th>
                  <td className="p-1.5 sm:p-2" data-count={row.count}>
                    {row.count.toLocaleString('ko-KR')}
                    {bar(row, 'bg-brand-600')}
                  </td>
                  <td className="p-1.5 sm:p-2">{percent(row.conversion)}</td>
                  <td className="p-1.5 sm:p-2">
                    {last.count.toLocaleString('ko-KR')}
                    {bar(last, 'bg-slate-400')}
                  </td>
                  <td className="p-1.5 sm:p-2">{percent(last.conversion)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <PageViewsByRoute figures={figures} />
    </section>
  );
}

function PageViewsByRoute({ figures }: { figures: VitalsFigures }) {
  const { pageViews, thisMonthLabel, lastMonthLabel } = figures.funnel;
  return (
    <>
      <h3 id="field-page-views" className="mb-2 mt-4 text-base font-bold">
        {copy.funnel.byRoute}
      </h3>
      {pageViews.length === 0 ? (
        <p className="text-sm text-slate-600">{copy.funnel.byRouteNone}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="field-page-views" aria-labelledby="field-page-views">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-1.5 sm:p-2">
                  {copy.vitals.route}
                </th>
                <th scope="col" className="p-1.5 sm:p-2">
                  {thisMonthLabel}
                </th>
                <th scope="col" className="p-1.5 sm:p-2">
                  {lastMonthLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {pageViews.map((row) => (
                <tr key={row.route} className="border-t border-slate-200" data-route={row.route}>
                  <th scope="row" className="p-1.5 sm:p-2 font-medium">
                    {routePathOf(row.route)}
                  </th>
                  <td className="p-1.5 sm:p-2">{row.thisMonth.toLocaleString('ko-KR')}</td>
                  <td className="p-1.5 sm:p-2">{row.lastMonth.toLocaleString('ko-KR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
