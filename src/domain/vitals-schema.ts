/**
 * The beacon's schema (decision 098): what the server accepts from the page's beacon (src/web/site/boot/vitals-beacon.ts
 * builds a `Beacon`, domain/vitals.ts). Apart from vitals.ts so the page's beacon chunk never carries zod.
 * Anything else (a route not among the pages or metric, a value past METRIC_MAX, a step twice, an unknown field) is refused.
 */
import { z } from 'zod';
import { REFERRER_HOST_MAX, VISIT_PARAMS_MAX } from './landing';
import { EFFECTIVE_TYPES, METRIC_MAX, METRICS, PAGE_STEPS, type Metric } from './vitals';

const metricValue = (metric: Metric) => z.number().finite().min(0).max(METRIC_MAX[metric]);

/** The schema for beacons from the pages `routeIds` names (the server passes content/site.ts's pages). */
export const beaconSchemaFor = (routeIds: readonly [string, ...string[]]) =>
  z
    .object({
      route: z.enum(routeIds),
      connection: z.enum(EFFECTIVE_TYPES).optional(),
      metrics: z
        .strictObject(Object.fromEntries(METRICS.map((metric) => [metric, metricValue(metric).optional()])))
        .refine((metrics) => Object.values(metrics).some((value) => value !== undefined), 'no metric'),
      steps: z
        .array(z.enum(PAGE_STEPS))
        .max(PAGE_STEPS.length)
        .refine((steps) => new Set(steps).size === steps.length, 'a step twice')
        .optional(),
      landing: z
        .strictObject({ params: z.string().max(VISIT_PARAMS_MAX), referrer: z.string().max(REFERRER_HOST_MAX) })
        .optional(),
    })
    .strict()
    // A page paints its largest element no sooner than its first content, and that no sooner than its first byte.
    .refine(
      ({ metrics }) =>
        !(metrics.LCP !== undefined && metrics.FCP !== undefined && metrics.LCP < metrics.FCP) &&
        !(metrics.FCP !== undefined && metrics.TTFB !== undefined && metrics.FCP < metrics.TTFB),
      'impossible order',
    );

export type CheckedBeacon = z.infer<ReturnType<typeof beaconSchemaFor>>;
