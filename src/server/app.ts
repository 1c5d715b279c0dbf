/**
 * buildApp(config): the whole HTTP application without a listening socket. Tests drive it with `app.inject`;
 * main.ts listens. It opens the database (unless one is given), applies migrations, registers security headers,
 * compression, the intake API, health check and the static site, and starts the outbox mail worker and the
 * scheduled jobs (digest, spam folder, retention, housekeeping: jobs/server-jobs.ts).
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type https from 'node:https';
import type { DestinationStream } from 'pino';
import { ideaFormRoute } from '../content/site';
import { AlertSender } from './alerts/alert-sender';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { EventBus } from './events/event-bus';
import { openEventBus } from './events/open-event-bus';
import { registerErrorHandlers } from './routes/error-handlers';
import { detectUntrustedProxy } from './http/proxy-detection';
import { INTAKE_BODY_LIMIT } from './intake/body-limit';
import { resolveFormSecret } from './intake/form-secret';
import { followUpWorker } from './ideas/follow-up';
import { loggerOptions } from './logger';
import { serverJobs } from './jobs/server-jobs';
import type { JobScheduler } from './jobs/scheduler';
import { mailHealthCheck } from './mail/mail-backlog';
import { outboxHealthCheck } from './http/outbox-health';
import { OutboxWorker } from './mail/outbox-worker';
import { MailboxReader, mailboxHealthCheck } from './mailbox/mailbox-reader';
import { mailboxReviewRoutes } from './mailbox/mailbox-unmatched';
import { contractRecordsRoutes } from './thread/contract-records';
import { mailTransportFor, type MailTransport } from './mail/transport';
import { formTokenRoute } from './routes/form-token';
import { healthzRoute } from './routes/healthz';
import { keepsFilesInDataDir } from './storage/data-dir-access';
import { storageHealth } from './storage/storage-health';
import { ideaReceivedRoute } from './routes/idea-received';
import { statusPageRoutes } from './routes/status-page';
import { contractSupplier, quoteOperator, threadStatusRoutes } from './thread/thread-status-routes';
import { quotePdfFile } from './thread/quote-pdf';
import { contractPdfFile } from './thread/contract-pdf';
import { threadTeamRoutes } from './thread/thread-team-routes';
import { resolveStatusSecret } from './founder/status-token';
import { FounderMailSender } from './mail/founder-mail-worker';
import { bookingStatusRoutes } from './booking/booking-status-routes';
import { bookingTeamRoutes } from './booking/booking-team-routes';
import { MeetingMailSender } from './booking/meeting-mail-sender';
import { pushRoutes } from './push/push-routes';
import { PushSender } from './push/push-sender';
import { resolveVapidKeys } from './push/vapid-keys';
import { KakaoSender } from './kakao/kakao-sender';
import { SolapiProvider } from './kakao/solapi-client';
import { sendIdeaEmailRoute } from './routes/send-idea-email';
import { workspacePages } from './routes/workspace-pages';
import { loadNotFoundPage, siteRoutes } from './routes/site';
import { registerSecurityHeaders } from './security/security-headers';
import { anchorExistingChain } from './team/access-records';
import { resolveRecordKey, registerRecordKey } from './team/record-anchor';
import { teamApi } from './team/team-api';
import { FieldCounts } from './vitals/field-counts';
import { vitalsRoute } from './vitals/vitals-route';
import { fieldFiguresRoute } from './vitals/figures-route';

export interface AppDependencies {
  /** An already open database; the caller closes it. By default buildApp opens one and closes it on app.close(). */
  database?: Database;
  /** Mail transport for the outbox worker; by default SMTP_URL's server or .eml files under DATA_DIR/outbox. */
  mailTransport?: MailTransport;
  /** Where the log lines go (tests read them); by default standard output. */
  logStream?: DestinationStream;
  /** The TLS agent push notifications are sent with (tests: one that trusts the test CA); by default Node's. */
  pushAgent?: https.Agent;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    outbox: OutboxWorker;
    alerts: AlertSender;
    /** The team's push notifications' sender (push/, decision 130). */
    push: PushSender;
    /** The founder's KakaoTalk updates' sender (kakao/); undefined when SOLAPI is not configured. */
    kakao: KakaoSender | undefined;
    jobs: JobScheduler;
    /** The workspace's live updates (events/): publish a change after it committed. */
    events: EventBus;
    /** Field Web Vitals and funnel counts gathered in memory, written every VITALS_FLUSH_MS (decision 098). */
    fieldCounts: FieldCounts;
    /** The reader of the founders' replies (IMAP_URL, decision 127); undefined when it is not set. */
    mailbox: MailboxReader | undefined;
  }
}

/** How often the server looks for requests past REQUEST_TIMEOUT_MS. */
export const REQUEST_TIMEOUT_CHECK_MS = 1_000;

export async function buildApp(config: Config, dependencies: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, dependencies.logStream),
    trustProxy: config.trustProxy,
    // The intake route sets its own limit (intake/body-limit.ts); nothing else accepts bodies.
    bodyLimit: INTAKE_BODY_LIMIT,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A request (headers and body, a voice memo's multipart stream included) must arrive within requestTimeoutMs and
    // the socket may not fall silent for idleTimeoutMs: a body sent a byte a minute is answered 408 and closed.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Given to Node's createServer as well: on Node 20 a requestTimeout assigned after creation (what Fastify does
    // with its own option) is not enforced on a request whose headers arrived, so a stalled body was never cut off
    // (measured, decision 075). Node checks for overdue requests every 30 s by default; every second here.
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(REQUEST_TIMEOUT_CHECK_MS, config.http.requestTimeoutMs),
    },
  });
  const ownsDatabase = !dependencies.database;
  const database =
    dependencies.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize }));
  app.decorate('config', config);
  app.decorate('database', database);

  const events = await openEventBus(database, config.databaseUrl, app.log);
  app.decorate('events', events);

  registerErrorHandlers(app, loadNotFoundPage(config.siteDir));
  const storage = storageHealth({ dataDir: config.dataDir, usesDataDir: keepsFilesInDataDir(config) });
  app.addHook('onError', async (_request, _reply, error) => storage.note(error));
  await registerSecurityHeaders(app, config);
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  const transport =
    dependencies.mailTransport ??
    mailTransportFor({
      smtpUrl: config.mail.smtpUrl,
      dataDir: config.dataDir,
      smtpTimeoutMs: config.mail.smtpTimeoutMs,
    });
  // The workers' and jobs' queries are not a request's: on PGlite a background job waits for the requests only
  // (decision 121). Alerts are sent in the background too, never inside the request that stored them.
  const { background } = database;
  const alerts = new AlertSender(
    background,
    {
      ...config.alerts,
      retryBaseMs: config.mail.retryBaseMs,
      retryMaxMs: config.mail.retryMaxMs,
      mail: { transport, from: config.mail.from, siteUrl: config.founder.siteUrl },
      siteUrl: config.founder.siteUrl,
      // The concluded agreement's mail to the team carries its signed PDF (decision 150).
      attachment: async (kind, ideaId, details) =>
        kind === 'contract_concluded' && details.contractId
          ? contractPdfFile(background, ideaId, details.contractId, contractSupplier(config.siteDir, config.agency))
          : undefined,
    },
    app.log,
  );
  app.decorate('alerts', alerts);
  const statusSecret = await resolveStatusSecret(database, config.founder.linkSecret);
  registerRecordKey(resolveRecordKey({ key: config.team.accessRecordsKey, dataDir: config.dataDir }));
  await anchorExistingChain(database);
  /** Alert sends started after a failed mail, awaited before the database closes (a half-sent alert is sent twice). */
  const alertsInFlight = new Set<Promise<unknown>>();
  /** Sends the alerts just stored now rather than at the alert job's next turn. */
  const sendAlerts = () => {
    const sending = alerts.sendDue().catch((error: unknown) => app.log.error({ err: error }, 'alerts not sent'));
    alertsInFlight.add(sending);
    void sending.finally(() => alertsInFlight.delete(sending));
  };
  // The team's push notifications (decision 130): stored with the alerts and events they tell of (a trigger), sent
  // by this sender as they are stored (a nudge from either) or at its next poll.
  const vapidKeys = await resolveVapidKeys(database, config.push.vapidKeys);
  const push = new PushSender(
    background,
    {
      vapidKeys,
      subject: config.push.subject,
      ttlMs: config.push.ttlMs,
      retryBaseMs: config.mail.retryBaseMs,
      retryMaxMs: config.mail.retryMaxMs,
      pollMs: config.mail.pollMs,
      agent: dependencies.pushAgent,
      onAlert: sendAlerts,
    },
    app.log,
  );
  app.decorate('push', push);
  /** An instance without the mail worker (MAIL_WORKER=false) sends no push notification either. */
  const nudgePush = () => {
    if (config.mail.worker) push.nudge();
  };
  const nudgeAlerts = () => {
    sendAlerts();
    nudgePush();
  };
  // Every instance hears every event (LISTEN/NOTIFY on PostgreSQL): the claim sends each notification once.
  const unsubscribePush = events.subscribe(nudgePush);
  // The founder's KakaoTalk updates (issue 49, part 2), when SOLAPI is configured: they follow the founder's mail
  // queues (a trigger), so they are woken as the mails are (every live event) and poll with them.
  const kakao = config.kakao
    ? new KakaoSender(
        background,
        new SolapiProvider(config.kakao),
        {
          linkSecret: statusSecret,
          siteUrl: config.founder.siteUrl,
          retryBaseMs: config.mail.retryBaseMs,
          retryMaxMs: config.mail.retryMaxMs,
          maxAgeMs: config.mail.maxAgeMs,
          pollMs: config.mail.pollMs,
          onAlert: sendAlerts,
        },
        app.log,
      )
    : undefined;
  app.decorate('kakao', kakao);
  const unsubscribeKakao = kakao && config.mail.worker ? events.subscribe(() => kakao.nudge()) : () => undefined;
  const stopPush = () => {
    unsubscribePush();
    unsubscribeKakao();
    return Promise.all([push.stop(), kakao?.stop()]);
  };
  const outbox = new OutboxWorker(
    background,
    transport,
    {
      from: config.mail.from,
      to: config.mail.teamEmail,
      // The team mail links the lead's page (SITE_URL, else this server).
      siteUrl: config.founder.siteUrl,
      pollMs: config.mail.pollMs,
      maxAgeMs: config.mail.maxAgeMs,
      retryBaseMs: config.mail.retryBaseMs,
      retryMaxMs: config.mail.retryMaxMs,
      leaseMs: config.mail.leaseMs,
      leaseRenewAfterMs: config.mail.leaseRenewAfterMs,
      // A mail failed for good: tell the team now rather than at the alert job's next turn.
      // Always: FOUNDER_MAIL=false queues no confirmation or ready mail, but a team's thread message (decision
      // 101) is still mailed to the founder.
      founderMails: new FounderMailSender(
        background,
        transport,
        {
          from: config.mail.from,
          // A founder's reply reaches the team, not the no-reply sender.
          replyTo: config.mail.teamEmail,
          // With REPLY_TO_EMAIL, the lead's own plus address instead (decision 126).
          replyToBase: config.mailbox.replyToBase,
          linkSecret: statusSecret,
          siteUrl: config.founder.siteUrl,
          leaseMs: config.mail.leaseMs,
          maxAgeMs: config.mail.maxAgeMs,
          retryBaseMs: config.mail.retryBaseMs,
          retryMaxMs: config.mail.retryMaxMs,
          quoteAttachment: (ideaId, quoteId) =>
            quotePdfFile(background, ideaId, quoteId, quoteOperator(config.siteDir)),
          contractAttachment: (ideaId, contractId) =>
            contractPdfFile(background, ideaId, contractId, contractSupplier(config.siteDir, config.agency)),
        },
        app.log,
      ),
      // The meeting's invitations, cancellations and reminders (decision 104).
      meetingMails: new MeetingMailSender(
        background,
        transport,
        {
          from: config.mail.from,
          teamEmail: config.mail.teamEmail,
          replyToBase: config.mailbox.replyToBase,
          linkSecret: statusSecret,
          siteUrl: config.founder.siteUrl,
          leaseMs: config.mail.leaseMs,
          maxAgeMs: config.mail.maxAgeMs,
          retryBaseMs: config.mail.retryBaseMs,
          retryMaxMs: config.mail.retryMaxMs,
        },
        app.log,
      ),
      onAlert: nudgeAlerts,
    },
    app.log,
  );
  app.decorate('outbox', outbox);
  const fieldCounts = new FieldCounts(background);
  app.decorate('fieldCounts', fieldCounts);
  if (config.vitals.enabled) app.addHook('onReady', async () => fieldCounts.start(config.vitals.flushMs));
  const jobs = serverJobs(config, background, transport, alerts, app.log, () => outbox.nudge(), nudgePush);
  // The search text, the team's mail and the founder's confirmation follow the ideas (decisions 115, 118 and 119):
  // after the intake settles, before any search; the worker then sends the mails.
  const followUp = followUpWorker(background, app.log, { onMail: () => outbox.nudge() });
  app.decorate('jobs', jobs);
  // The founders' replies by mail (decision 127): each lands in its thread like a status-page answer, live and alerted.
  const mailbox =
    config.mailbox.imapUrl && config.mailbox.replyToBase
      ? new MailboxReader(
          background,
          {
            imapUrl: config.mailbox.imapUrl,
            replyToBase: config.mailbox.replyToBase,
            pollMs: config.mailbox.pollMs,
            maxBytes: config.mailbox.maxBytes,
            handledFolder: config.mailbox.handledFolder,
            retryBaseMs: config.mail.retryBaseMs,
            retryMaxMs: config.mail.retryMaxMs,
            from: config.mail.from,
            teamEmail: config.mail.teamEmail,
            webhook: Boolean(config.alerts.webhookUrl),
            burstMs: config.founder.burstMs,
          },
          app.log,
          (mail) => {
            nudgeAlerts();
            if (mail.outcome === 'landed' && mail.ideaId)
              void events.publish({ kind: 'lead_changed', ideaId: mail.ideaId, memberId: null, actorId: null });
          },
        )
      : undefined;
  app.decorate('mailbox', mailbox);
  // An erased lead's originals the reader could not expunge (decision 141): the alert it stored goes out now.
  mailbox?.events.on('erase_failed', () => nudgeAlerts());
  if (mailbox) app.addHook('onReady', async () => mailbox.start());
  if (config.mail.worker) app.addHook('onReady', async () => outbox.start());
  if (config.mail.worker) app.addHook('onReady', async () => push.start());
  if (config.mail.worker && kakao) app.addHook('onReady', async () => kakao.start());
  if (config.jobs) app.addHook('onReady', async () => jobs.start());
  // As closing begins, the worker and the jobs finish their current mail and job while requests in flight drain (a
  // stop takes the longer of the two: config.shutdownGraceMs); then alerts being sent, the transport, the DB.
  let stopping: Promise<unknown> | undefined;
  const stopWork = () =>
    (stopping ??= Promise.all([
      jobs.stop(),
      outbox.stop(),
      stopPush(),
      followUp.stop(),
      mailbox?.stop(),
      fieldCounts.stop().catch((error: unknown) => app.log.error({ err: error }, 'field figures not written')),
    ]));
  app.addHook('preClose', async () => {
    void stopWork();
  });
  app.addHook('onClose', async () => {
    await stopWork();
    await Promise.all(alertsInFlight);
    transport.close();
    await events.close();
    if (ownsDatabase) await database.close();
  });

  const formSecret = await resolveFormSecret(database, config.form.secret);
  await app.register(formTokenRoute, { secret: formSecret, minFillMs: config.form.minFillMs });
  await app.register(sendIdeaEmailRoute, {
    config,
    database,
    formSecret,
    statusSecret,
    notifyChannel: events.transactionChannel,
    onStored: (ideaId, eventId, via) => {
      outbox.ideaStored();
      followUp.nudge();
      // Stored with the idea in its group commit (decision 113), and on PostgreSQL notified in it (decision 116):
      // on PGlite only the announcement is left.
      if (eventId !== undefined && events.transactionChannel === undefined)
        void events.announce({ id: eventId, kind: 'lead_received', ideaId, memberId: null, actorId: null });
      // The funnel (decision 098): a form posted without JavaScript sent no beacon, so its page view and its form
      // start are counted here (in memory, written with the next flush); the idea itself is counted from the inbox.
      if (config.vitals.enabled && via.withoutScript) fieldCounts.addFormPost(ideaFormRoute);
    },
  });
  if (config.vitals.enabled)
    await app.register(vitalsRoute, {
      counts: fieldCounts,
      allowedOrigins: config.allowedOrigins,
      perIp: config.vitals.perIp,
      windowMs: config.vitals.windowMs,
    });
  await app.register(ideaReceivedRoute, { database, statusSecret });
  await app.register(statusPageRoutes, {
    config,
    database,
    statusSecret,
    siteDir: config.siteDir,
    onAlert: nudgeAlerts,
    events,
  });
  await app.register(bookingStatusRoutes, {
    config,
    database,
    siteDir: config.siteDir,
    events,
    onQueued: () => outbox.nudge(),
    onAlert: nudgeAlerts,
  });
  await app.register(threadStatusRoutes, {
    config,
    database,
    siteDir: config.siteDir,
    onAlert: nudgeAlerts,
    events,
  });
  const backlog = { unsentAfterMs: config.alerts.unsentAfterMs, digestPeriodMs: config.mail.digestPeriodMs };
  const proxy = detectUntrustedProxy(app, config);
  await app.register(healthzRoute, {
    database,
    storage,
    checks: [
      mailHealthCheck(database, backlog),
      outboxHealthCheck('push', database, 'push_deliveries', backlog.unsentAfterMs),
      ...(kakao ? [outboxHealthCheck('kakao', database, 'kakao_messages', backlog.unsentAfterMs)] : []),
      proxy.healthCheck,
      ...(mailbox ? [mailboxHealthCheck(database, config.mailbox.pollMs)] : []),
    ],
  });
  await app.register(teamApi, {
    config,
    database,
    mailTransport: transport,
    events,
    onAlertStored: nudgeAlerts,
    features: [
      (scope) => scope.register(fieldFiguresRoute, { database, enabled: config.vitals.enabled }),
      (scope) => scope.register(bookingTeamRoutes, { config, database, events, onQueued: () => outbox.nudge() }),
      (scope) =>
        scope.register(threadTeamRoutes, {
          database,
          events,
          onMailQueued: () => outbox.nudge(),
          siteDir: config.siteDir,
          operator: quoteOperator(config.siteDir),
          agency: config.agency,
          supplier: contractSupplier(config.siteDir, config.agency),
          onAlertStored: nudgeAlerts,
          alertOptions: { teamEmail: config.mail.teamEmail, webhook: Boolean(config.alerts.webhookUrl) },
        }),
      (scope) => scope.register(pushRoutes, { database, publicKey: vapidKeys.publicKey }),
      (scope) => scope.register(mailboxReviewRoutes, { database, events, keptDays: config.mailbox.unmatchedDays }),
      (scope) =>
        scope.register(contractRecordsRoutes, { database, supplier: contractSupplier(config.siteDir, config.agency) }),
    ],
  });
  await app.register(workspacePages, { siteDir: config.siteDir });
  await app.register(siteRoutes, { siteDir: config.siteDir });
  return app;
}
