/**
 * Security headers on every answer, the API's and the web app's (F10), by helmet: a Content-Security-Policy
 * the built app runs under, no framing, no MIME sniffing, no referrer, and HSTS only on a request that came over HTTPS.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the built app loads: its own scripts only (no inline script); inline styles, which Mantine sets; pictures and
 * audio from this server, `blob:` for a take heard back before it is sent, `data:` for inlined images and fonts.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

const OPTIONS = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
} as const;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Built once: building helmet per request (as @fastify/helmet's reply.helmet does) parsed the policy every time.
  const overHttps = helmet(OPTIONS);
  // HSTS over plain HTTP would be ignored at best, and would pin a server reached by address to HTTPS it lacks (F10).
  const overHttp = helmet({ ...OPTIONS, strictTransportSecurity: false });
  app.addHook('onRequest', (request, reply, done) => {
    (request.protocol === 'https' ? overHttps : overHttp)(request.raw, reply.raw, (error) =>
      done(error as Error | undefined),
    );
  });
}
