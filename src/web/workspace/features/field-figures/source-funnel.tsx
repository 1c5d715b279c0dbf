/**
 * The funnel to a contract by source on the 현황 screen (decision 135): a period of 7, 30 or 90 Korean days; bars per
 * channel (ideas, and the contracts among them) for a look, and the exact figures in a table per channel with its
 * sources and campaigns (cards on a phone), from the visits (decision 155) to the contracts, each step's conversion
 * under its count; the time leads spent in each stage (median, p75), over all channels and per channel; the leads
 * lost, by the stage they were closed from and the 종료 reason. Plain markup and CSS bars: no chart library.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { weeklyMailCopy } from '../../../../content/weekly-mail';
import { fieldFiguresCopy } from '../../../../content/field-figures';
import { channelLabels } from '../../../../content/lead-source';
import { stageLabels } from '../../../../content/stages';
import {
  conversionOf,
  FUNNEL_PERIODS,
  SOURCE_FUNNEL_PATH,
  SOURCE_STEPS,
  type FunnelPeriod,
  type SourceFunnel,
  type SourceFunnelRow,
  type SourceStep,
  type StageTime,
  WEEKLY_MAIL_PATH,
  type WeeklyMailChoice,
} from '../../../../domain/source-funnel';
import { teamRequest } from '../../api/client';
import { percent } from './format';

const copy = fieldFiguresCopy.sources;
const stepLabels: Record<SourceStep, string> = copy.steps;
const cell = 'p-1.5 sm:p-2';

export function SourceFunnelSection() {
  const [days, setDays] = useState<FunnelPeriod>(30);
  const funnel = useQuery({
    queryKey: ['source-funnel', days],
    queryFn: () => teamRequest<SourceFunnel>('GET', `${SOURCE_FUNNEL_PATH}?days=${days}`),
  });
  return (
    <section aria-labelledby="source-funnel" className="mb-8" data-testid="source-funnel">
      <h2 id="source-funnel" className="mb-2 text-lg font-bold">
        {copy.heading}
      </h2>
      <div role="group" aria-label={copy.periodLabel} className="mb-2 flex gap-2">
        {FUNNEL_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            aria-pressed={period === days}
            onClick={() => setDays(period)}
            className={`min-h-11 rounded-lg border px-3 font-medium ${
              period === days
                ? 'border-indigo-700 bg-indigo-700 text-white'
                : 'border-slate-400 bg-white text-slate-900'
            }`}
          >
            {copy.period(period)}
          </button>
        ))}
      </div>
      <WeeklyMailOptIn />
      <p className="mb-1 text-sm text-slate-600">{copy.caption}</p>
      <p className="mb-3 text-sm text-slate-600">{copy.visitsNote}</p>
      {funnel.isPending ? (
        <p className="text-slate-600">{fieldFiguresCopy.loading}</p>
      ) : funnel.isError ? (
        <p role="alert" className="text-red-800">
          {funnel.error.message || fieldFiguresCopy.failed}
        </p>
      ) : (
        <SourceFunnelFigures funnel={funnel.data} />
      )}
    </section>
  );
}

/** The member's choice of the weekly mail (decision 136); an owner is told they get it. */
function WeeklyMailOptIn() {
  const id = useId();
  const client = useQueryClient();
  const choice = useQuery({
    queryKey: ['weekly-mail'],
    queryFn: () => teamRequest<WeeklyMailChoice>('GET', WEEKLY_MAIL_PATH),
  });
  const change = useMutation({
    mutationFn: (on: boolean) => teamRequest<WeeklyMailChoice>('POST', WEEKLY_MAIL_PATH, { on }),
    onSuccess: (answer) => client.setQueryData(['weekly-mail'], answer),
  });
  if (!choice.data) return null;
  if (choice.data.owner) return <p className="mb-2 text-sm text-slate-700">{weeklyMailCopy.optInOwner}</p>;
  return (
    <div className="mb-2 flex min-h-11 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        className="size-5"
        checked={choice.data.on}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      <label htmlFor={id}>{weeklyMailCopy.optIn}</label>
    </div>
  );
}

function SourceFunnelFigures({ funnel }: { funnel: SourceFunnel }) {
  return (
    <>
      <p className="mb-3 text-sm font-medium text-slate-700" data-testid="source-funnel-range">
        {copy.range(funnel.from, funnel.to)}
      </p>
      {funnel.total.idea === 0 && funnel.total.visit === 0 ? (
        <p className="text-slate-600">{copy.none}</p>
      ) : (
        <>
          <ChannelBars funnel={funnel} />
          <FunnelCards funnel={funnel} />
          <FunnelTable funnel={funnel} />
          <StageTimes funnel={funnel} />
          <Losses funnel={funnel} />
        </>
      )}
    </>
  );
}

/** Per channel: a bar of its ideas, the contracts among them darker; the numbers beside it (the table has them all). */
function ChannelBars({ funnel }: { funnel: SourceFunnel }) {
  const widest = Math.max(1, ...funnel.channels.map((row) => row.counts.idea));
  return (
    <figure className="mb-4 rounded-xl border border-slate-200 bg-white p-3">
      <figcaption className="mb-2 font-semibold">
        {copy.chartHeading}{' '}
        <span className="text-sm font-normal text-slate-600">
          (<span className="mr-1 inline-block size-2.5 rounded-sm bg-indigo-200" aria-hidden="true" />
          {copy.chartLegend.ideas} ·{' '}
          <span className="mr-1 inline-block size-2.5 rounded-sm bg-indigo-700" aria-hidden="true" />
          {copy.chartLegend.contracts})
        </span>
      </figcaption>
      <ul className="space-y-2">
        {funnel.channels.map((row) => (
          <li key={row.channel} data-channel={row.channel}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">{channelLabels[row.channel]}</span>
              <span>
                {copy.chartLegend.ideas} {row.counts.idea.toLocaleString('ko-KR')} · {copy.chartLegend.contracts}{' '}
                {row.counts.contracted.toLocaleString('ko-KR')}
              </span>
            </div>
            <div aria-hidden="true" className="mt-1 h-3 rounded bg-slate-100">
              <div className="h-3 rounded bg-indigo-200" style={{ width: `${(row.counts.idea / widest) * 100}%` }}>
                <div
                  className="h-3 rounded bg-indigo-700"
                  style={{ width: `${row.counts.idea === 0 ? 0 : (row.counts.contracted / row.counts.idea) * 100}%` }}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/**
 * One step's count with its conversion from the step before under it: the one markup of a figure, in the table's
 * cells and the phone's cards alike.
 */
function StepFigure({ counts, step }: { counts: SourceFunnelRow['counts']; step: SourceStep }) {
  const conversion = conversionOf(counts, step);
  return (
    <>
      <span className="tabular-nums">{counts[step].toLocaleString('ko-KR')}</span>
      {conversion === null ? null : <span className="block text-xs text-slate-600">{percent(conversion)}</span>}
    </>
  );
}

function StepCells({ row }: { row: Pick<SourceFunnelRow, 'counts'> }) {
  return (
    <>
      {SOURCE_STEPS.map((step) => (
        <td key={step} className={cell} data-step={step} data-count={row.counts[step]}>
          <StepFigure counts={row.counts} step={step} />
        </td>
      ))}
    </>
  );
}

/** A table's head row of column headers, and a row's header cell: the markup the figures' tables share. */
function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead className="bg-slate-50">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={cell}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function RowHeader({ children, className = 'font-medium' }: { children: ReactNode; className?: string }) {
  return (
    <th scope="row" className={`${cell} ${className}`}>
      {children}
    </th>
  );
}

/**
 * On a phone, where seven columns do not fit and nothing on this screen scrolls sideways: each channel (and all of
 * them) as a card of its steps, each count with its conversion from the step before.
 */
function FunnelCards({ funnel }: { funnel: SourceFunnel }) {
  const rows = [
    { key: 'all', label: copy.allChannels, counts: funnel.total },
    ...funnel.channels.map((channel) => ({
      key: channel.channel,
      label: channelLabels[channel.channel],
      counts: channel.counts,
    })),
  ];
  return (
    <div className="mb-4 grid gap-2 sm:hidden" data-testid="source-funnel-cards">
      {rows.map((row) => (
        <section
          key={row.key}
          aria-label={row.label}
          className="rounded-xl border border-slate-200 bg-white p-3 text-sm"
        >
          <h3 className="font-semibold">{row.label}</h3>
          <dl className="mt-1 grid grid-cols-1 gap-y-1 min-[22rem]:grid-cols-2 min-[22rem]:gap-x-4">
            {SOURCE_STEPS.map((step) => (
              <div key={step} className="flex justify-between gap-2" data-step={step}>
                <dt className="text-slate-600">{stepLabels[step]}</dt>
                <dd className="text-right">
                  <StepFigure counts={row.counts} step={step} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/**
 * The exact figures from a tablet up: all channels, then each channel and its sources and campaigns (a phone gets
 * `FunnelCards`). Where the columns still do not fit, the table scrolls inside its own box, which a keyboard reaches.
 */
function FunnelTable({ funnel }: { funnel: SourceFunnel }) {
  return (
    <div
      className="mb-4 hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block"
      role="region"
      aria-labelledby="source-funnel-caption"
      // A box that scrolls must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="w-full min-w-[36rem] text-left text-sm" data-testid="source-funnel-table">
        <caption id="source-funnel-caption" className="sr-only">
          {copy.tableCaption}
        </caption>
        <HeadRow labels={[copy.channel, ...SOURCE_STEPS.map((step) => stepLabels[step])]} />
        <tbody>
          <tr className="border-t border-slate-200 font-semibold" data-row="all">
            <RowHeader className="">{copy.allChannels}</RowHeader>
            <StepCells row={{ counts: funnel.total }} />
          </tr>
          {funnel.channels.flatMap((channel) => [
            <tr key={channel.channel} className="border-t border-slate-200 bg-slate-50/50" data-row={channel.channel}>
              <RowHeader className="font-semibold">{channelLabels[channel.channel]}</RowHeader>
              <StepCells row={channel} />
            </tr>,
            ...funnel.sources
              .filter(
                (source) => source.channel === channel.channel && (source.source !== '' || source.campaign !== ''),
              )
              .map((source) => (
                <tr
                  key={`${source.channel}\t${source.source}\t${source.campaign}`}
                  className="border-t border-slate-100"
                  data-row={`${source.channel}/${source.source}/${source.campaign}`}
                >
                  <RowHeader className="pl-4 font-normal sm:pl-6">
                    <span className="break-all">{source.source || copy.noSource}</span>
                    {source.campaign ? (
                      <span className="block break-all text-xs text-slate-600">{source.campaign}</span>
                    ) : null}
                  </RowHeader>
                  <StepCells row={source} />
                </tr>
              )),
          ])}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The time leads spent in each stage (median, p75), over all channels and, under each stage, per channel: four
 * columns, so the table fits a phone as it is.
 */
function StageTimes({ funnel }: { funnel: SourceFunnel }) {
  const shown = (minutes: number | null) => (minutes === null ? '—' : copy.duration(minutes));
  const cells = (time: StageTime) => (
    <>
      <td className={cell}>{shown(time.median)}</td>
      <td className={cell}>{shown(time.p75)}</td>
      <td className={cell}>{time.stays.toLocaleString('ko-KR')}</td>
    </>
  );
  return (
    <>
      <h3 id="source-stage-times" className="mb-1 text-base font-bold">
        {copy.timesHeading}
      </h3>
      <p className="mb-2 text-sm text-slate-600">{copy.timesCaption}</p>
      {funnel.stageTimes.length === 0 ? (
        <p className="mb-4 text-sm text-slate-600">{copy.timesNone}</p>
      ) : (
        <div className="mb-4 rounded-xl border border-slate-200 bg-white">
          <table
            className="w-full text-left text-sm"
            aria-labelledby="source-stage-times"
            data-testid="source-stage-times"
          >
            <HeadRow labels={[copy.stage, copy.median, copy.p75, copy.stays]} />
            <tbody>
              {funnel.stageTimes.flatMap((time) => [
                <tr key={time.stage} className="border-t border-slate-200" data-stage={time.stage}>
                  <RowHeader>
                    {stageLabels[time.stage]}
                    <span className="block text-xs font-normal text-slate-600">{copy.allChannels}</span>
                  </RowHeader>
                  {cells(time)}
                </tr>,
                ...funnel.channelStageTimes.flatMap(({ channel, stageTimes }) => {
                  const byChannel = stageTimes.find((one) => one.stage === time.stage);
                  return byChannel
                    ? [
                        <tr
                          key={`${time.stage}\t${channel}`}
                          className="border-t border-slate-100"
                          data-stage={time.stage}
                          data-channel={channel}
                        >
                          <RowHeader className="pl-4 font-normal sm:pl-6">{channelLabels[channel]}</RowHeader>
                          {cells(byChannel)}
                        </tr>,
                      ]
                    : [];
                }),
              ])}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Losses({ funnel }: { funnel: SourceFunnel }) {
  return (
    <>
      <h3 id="source-losses" className="mb-1 text-base font-bold">
        {copy.lossesHeading}
      </h3>
      <p className="mb-2 text-sm text-slate-600">{copy.lossesCaption}</p>
      {funnel.losses.length === 0 ? (
        <p className="text-sm text-slate-600">{copy.lossesNone}</p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" aria-labelledby="source-losses" data-testid="source-losses">
            <HeadRow labels={[copy.stage, copy.reason, copy.count]} />
            <tbody>
              {funnel.losses.map((loss) => (
                <tr key={`${loss.stage}\t${loss.reason}`} className="border-t border-slate-200">
                  <RowHeader>{stageLabels[loss.stage]}</RowHeader>
                  <td className={`${cell} break-all`}>{loss.reason || '—'}</td>
                  <td className={cell}>{loss.count.toLocaleString('ko-KR')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
