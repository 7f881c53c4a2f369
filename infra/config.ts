import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { iframeHostPattern, parseIframeHosts } from '../schemas/api/iframe-hosts.ts';
import { IceServer } from '../schemas/api/video-chat.ts';

// The environment is read once, at start-up, and checked against this schema (fastify/demo style):
// a typo in PORT fails the start instead of surfacing later as a strange bind error.

const optionalText = z.string().trim().min(1).optional().catch(undefined);
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText,
  CLICKHOUSE_URL: optionalText,
  /** The read-only `analyst` user for analysts' SQL on that server (docker/clickhouse/users.d). */
  CLICKHOUSE_ANALYST_URL: optionalText,
  EVENTSTORE_URL: optionalText,
  KAFKA_BROKERS: optionalText,
  COOKIE_SECRET: optionalText,
  JWT_SECRET: optionalText,
  LOG_LEVEL: z.enum(logLevels).default('info'),
  /** Shown in the "subscription has ended" alert (spec 1 section 5). */
  CONTACT_EMAIL: z.string().trim().min(1).default('support@example.org'),
  /** Absolute URL of the service when it runs behind a proxy; otherwise derived from each request. */
  PUBLIC_URL: optionalText,
  /**
   * The TLS-terminating proxy's addresses (IPs, CIDRs, or proxy-addr's names loopback, linklocal,
   * uniquelocal, comma-separated): X-Forwarded-* is believed only from them (then the cookie is
   * Secure, spec 1 section 9, and the client's address is the one the proxy saw). `true`, which
   * believed anyone's X-Forwarded-For (a forged one slipped past the per-address login limit),
   * is refused: name the proxy.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((v) => v !== 'true', 'TRUST_PROXY=true would believe anyone\'s X-Forwarded-For: name the proxy\'s addresses instead, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=uniquelocal')
    .refine((v) => v === 'false' || v.split(',').every((part) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(part.trim())), 'TRUST_PROXY: false, or comma-separated IP addresses, CIDRs or loopback, linklocal, uniquelocal')
    .transform((v) => (v === 'false' ? false : v.split(',').map((part) => part.trim()))),
  /** smtp:// or smtps:// URL of the mail server; without it mails are written to DATA_DIR/outbox/ (infra/mail/). */
  SMTP_URL: optionalText,
  /** The sender of invitations, login links and reset codes. */
  MAIL_FROM: z.string().trim().min(1).default('Sointu <no-reply@sointu.invalid>'),
  /** An S3-compatible object store for stored files (several instances share it); DATA_DIR/files without it. */
  S3_BUCKET: optionalText,
  /** The object store's URL when it is not AWS S3 (MinIO, Ceph, ...). */
  S3_URL: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Several instances on one Postgres: how long a dead instance's projections wait for another to take them over. */
  PROJECTION_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /** Days of demo usage the first start generates after seeding; 0 seeds the demo without usage (tests, quick looks). */
  DEMO_USAGE_DAYS: z.coerce.number().int().min(0).max(3660).default(90),
  /**
   * STUN and TURN servers for video chat, a JSON list of RTCIceServer objects
   * ('[{"urls":"stun:turn.example.org:3478"},{"urls":"turn:turn.example.org:3478","username":"u","credential":"p"}]').
   * None by default: browsers on one network (or one machine) connect directly (docs/operations.md).
   */
  ICE_SERVERS: z
    .string()
    .trim()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ICE_SERVERS must be a JSON list' });
        return z.NEVER;
      }
    })
    .pipe(z.array(IceServer).max(20)),
  /**
   * The hosts whose pages IFrame message items may frame, comma-separated host names
   * (`maps.example.org`) or `*.example.org` for its subdomains (schemas/api/iframe-hosts.ts).
   * None by default: no IFrame item is taken or shown until the operator names the hosts.
   */
  IFRAME_HOSTS: z
    .string()
    .default('')
    .transform(parseIframeHosts)
    .refine((hosts) => hosts.every((host) => iframeHostPattern.test(host)), 'IFRAME_HOSTS: comma-separated host names (maps.example.org) or *.example.org, no scheme, port or path'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  clickhouseUrl?: string;
  clickhouseAnalystUrl?: string;
  eventStoreUrl?: string;
  kafkaBrokers?: string[];
  cookieSecret: string;
  jwtSecret: string;
  logLevel: (typeof logLevels)[number];
  contactEmail: string;
  publicUrl?: string;
  /** The proxy's addresses X-Forwarded-* is believed from; false: none. */
  trustProxy: false | string[];
  smtpUrl?: string;
  mailFrom: string;
  projectionLeaseMs: number;
  demoUsageDays: number;
  /** Set when stored files live in an object store rather than under DATA_DIR. */
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string };
  /** Given to each video chat's browsers (RTCConfiguration.iceServers). */
  iceServers: IceServer[];
  /** The hosts IFrame message items may frame (IFRAME_HOSTS); empty: none. */
  iframeHosts: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  // An object store URL without a bucket would silently leave files on this instance's disk.
  if (e.S3_URL && !e.S3_BUCKET) throw new Error('Invalid environment: S3_URL is set but S3_BUCKET is not');
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = e.COOKIE_SECRET && e.JWT_SECRET ? undefined : loadOrCreateSecrets(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    clickhouseUrl: e.CLICKHOUSE_URL,
    clickhouseAnalystUrl: e.CLICKHOUSE_ANALYST_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    kafkaBrokers: e.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean),
    cookieSecret: e.COOKIE_SECRET ?? secrets!.cookieSecret,
    jwtSecret: e.JWT_SECRET ?? secrets!.jwtSecret,
    logLevel: e.LOG_LEVEL,
    contactEmail: e.CONTACT_EMAIL,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    projectionLeaseMs: e.PROJECTION_LEASE_MS,
    demoUsageDays: e.DEMO_USAGE_DAYS,
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, endpoint: e.S3_URL, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    iceServers: e.ICE_SERVERS,
    iframeHosts: e.IFRAME_HOSTS,
  };
}

const Secrets = z.object({ cookieSecret: z.string().min(32), jwtSecret: z.string().min(32) });
type Secrets = z.infer<typeof Secrets>;

/**
 * Generated once and kept under DATA_DIR, so cookies and JWTs stay valid across restarts. Readable
 * by the server's OS user only. The warehouse cannot reach it: a ClickHouse server runs elsewhere
 * (its own container and volume), and the embedded chDB, which shares this process and so its file
 * access, answers analysts only through the SQL check and its readonly session (docs/warehouse.md).
 */
function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    // Files written before the mode was set may be readable by others on the machine.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    const stored = Secrets.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (stored.success) return stored.data;
  }
  const secrets = { cookieSecret: randomBytes(24).toString('base64url'), jwtSecret: randomBytes(48).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
