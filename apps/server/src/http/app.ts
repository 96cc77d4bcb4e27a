/** Builds the HTTP application: plugins, the error envelope, every module's routes and, in production, the web app. */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.js';
import { AppError } from '../domain/errors.js';
import { installErrorHandler, toEnvelope } from './errors.js';
import { registerFileDownloads } from './files.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerCompression } from './compression.js';
import { serveWebFiles } from './web-app.js';
import { registerRateLimits } from './rate-limit.js';
import { requestLogFields } from './log-safety.js';
import { batchedLog } from './log-destination.js';
import { API_PREFIX, registerRoutes, type Route } from './route.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { createAccountService } from '../modules/account/account.service.js';
import { accountRoutes } from '../modules/account/account.routes.js';
import { createSupportService } from '../modules/support/support.service.js';
import { supportRoutes } from '../modules/support/support.routes.js';
import { createStaticDataService } from '../modules/static-data/static-data.service.js';
import { staticDataRoutes } from '../modules/static-data/static-data.routes.js';
import { createStudentsService } from '../modules/students/students.service.js';
import { createRosterService } from '../modules/students/roster.service.js';
import { studentsRoutes } from '../modules/students/students.routes.js';
import { createGoalsService } from '../modules/goals/goals.service.js';
import { goalsRoutes } from '../modules/goals/goals.routes.js';
import { createReadingService } from '../modules/reading/reading.service.js';
import { readingRoutes } from '../modules/reading/reading.routes.js';
import { createQuizService } from '../modules/quiz/quiz.service.js';
import { quizRoutes } from '../modules/quiz/quiz.routes.js';
import { narrationService } from '../modules/library/narration.js';
import { libraryRoutes } from '../modules/library/library.routes.js';
import { registerLibraryFiles } from '../modules/library/library.files.js';
import { createAlertsService } from '../modules/alerts/alerts.service.js';
import { alertsRoutes } from '../modules/alerts/alerts.routes.js';
import { createAssignmentsService } from '../modules/assignments/assignments.service.js';
import { assignmentsRoutes } from '../modules/assignments/assignments.routes.js';
import { createReportsService } from '../modules/reports/reports.service.js';
import { reportsRoutes } from '../modules/reports/reports.routes.js';
import { createInsightsService } from '../modules/insights/insights.service.js';
import { insightsRoutes } from '../modules/insights/insights.routes.js';
import { createActivityService } from '../modules/activity/activity.service.js';
import { activityRoutes } from '../modules/activity/activity.routes.js';
import { createOutcomesService } from '../modules/outcomes/outcomes.service.js';
import { outcomesRoutes } from '../modules/outcomes/outcomes.routes.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.js';
import { createClassesService } from '../modules/classes/classes.service.js';
import { classesRoutes } from '../modules/classes/classes.routes.js';
import { classTranslation } from '../modules/classes/class-translation.js';
import { schoolRoutes } from '../modules/school/school.routes.js';
import { createSchoolService } from '../modules/school/school.service.js';
import { licencesRoutes } from '../modules/licences/licences.routes.js';
import { createLicencesService } from '../modules/licences/licences.service.js';
import { createRecordingsService } from '../modules/recordings/recordings.service.js';
import { recordingsRoutes } from '../modules/recordings/recordings.routes.js';
import { audioRetention } from '../modules/recordings/retention.js';
import { createDistrictsService } from '../modules/districts/districts.service.js';
import { districtsRoutes } from '../modules/districts/districts.routes.js';
import { createRosterImportService } from '../modules/roster-import/roster-import.service.js';
import { rosterImportRoutes } from '../modules/roster-import/roster-import.routes.js';

/** Fields that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.new_password',
  'req.body.current_password',
  'req.body.confirm_new_password',
  'req.body.refresh_token',
];

export function moduleRoutes(deps: Deps) {
  const auth = createAuthService(deps);
  const routes: Route[] = [
    ...authRoutes(auth),
    ...accountRoutes(createAccountService(deps, auth)),
    ...supportRoutes(createSupportService(deps)),
    ...staticDataRoutes(createStaticDataService(deps)),
    ...studentsRoutes(createStudentsService(deps), createRosterService(deps)),
    ...goalsRoutes(createGoalsService(deps)),
    ...libraryRoutes(narrationService(deps)),
    ...readingRoutes(createReadingService(deps)),
    ...quizRoutes(createQuizService(deps)),
    ...alertsRoutes(createAlertsService(deps)),
    ...assignmentsRoutes(createAssignmentsService(deps)),
    ...reportsRoutes(createReportsService(deps)),
    ...activityRoutes(createActivityService(deps)),
    ...outcomesRoutes(createOutcomesService(deps)),
    ...notificationsRoutes(createNotificationsService(deps)),
    ...recordingsRoutes(createRecordingsService(deps)),
    ...districtsRoutes(createDistrictsService(deps)),
    ...classesRoutes(createClassesService(deps), classTranslation(deps)),
    ...schoolRoutes(createSchoolService(deps)),
    ...licencesRoutes(createLicencesService(deps)),
    ...rosterImportRoutes(createRosterImportService(deps)),
    ...insightsRoutes(createInsightsService(deps)),
  ];
  return { routes, authenticate: (request: FastifyRequest) => auth.authenticate(request) };
}

export interface AppOptions {
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them to prove secrets stay out. */
  logStream?: { write(line: string): void };
}

export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const stdout = options.logger === false || options.logStream ? undefined : batchedLog();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: REDACT,
            serializers: { req: requestLogFields },
            stream: options.logStream ?? stdout?.destination,
          },
    // X-Forwarded-For is believed only from a proxy the operator names (S13).
    trustProxy: deps.config.trustProxy,
    // Query strings like `?ids=1,2` stay strings; contracts parse them.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  installErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);

  await app.register(multipart, {
    limits: { files: 2, fields: 20, fileSize: 30 * 1024 * 1024 },
    throwFileSizeLimit: false,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ReadAlong API',
        version: '1.0.0',
        description: "Every call of the customer's API, and a few of our own, generated from the contracts.",
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get(`${API_PREFIX}/docs/json`, { schema: { hide: true } }, async () => app.swagger());
  app.get(`${API_PREFIX}/health`, { schema: { hide: true } }, async () => {
    await deps.db.execute('select 1');
    return { status: 'ok' };
  });

  const { routes, authenticate } = moduleRoutes(deps);
  await registerRateLimits(app, deps);
  registerRoutes(app, routes, authenticate);
  registerFileDownloads(app, deps.storage);
  await registerLibraryFiles(app, {
    libraryDir: deps.config.libraryDir,
    narrationDir: deps.config.narration.dir,
  });
  const servesWebApp = deps.config.isProduction;
  const sendAppRoute = servesWebApp ? await serveWebFiles(app, deps.config.webDist) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (sendAppRoute?.(request, reply)) return reply;
    return reply
      .status(404)
      .send(toEnvelope(new AppError('not_found', `No route ${request.method} ${request.url}.`)));
  });
  // A book opened just before closing is still being narrated: let it finish rather than leave half a file.
  app.addHook('onClose', () => narrationService(deps).idle());
  // The hourly audio-retention sweep (started by main.ts) stops with the app, after the sweep in hand.
  app.addHook('onClose', () => audioRetention(deps).stop());
  if (stdout) app.addHook('onClose', async () => stdout.close());
  return app;
}
