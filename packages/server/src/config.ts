import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .url()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.join(' or ')}`,
    })
    .optional();

/** Every setting the server reads from the environment, with its default. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** 127.0.0.1 unless asked otherwise: a developer's laptop should not serve the local network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Unset → SQLite file in DATA_DIR; postgres://… → PostgreSQL. */
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  /** Base of links in e-mails; never taken from the request's Host header. */
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Klubovna <klubovna@localhost>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  /** Idle session lifetime in seconds (default 12 hours). */
  SESSION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 3600),
  /** Absolute session lifetime in seconds, however active (default 14 days). */
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
  /**
   * Seconds a datagrid total and page of ids are reused on SQLite while nothing is written (repeats of
   * the same address: revalidation, Back); 0 turns the cache off.
   */
  DATAGRID_CACHE_TTL: z.coerce.number().min(0).max(3600).default(5),
  /**
   * Connections to PostgreSQL per instance; unset: four per processor core, at least ten (a request
   * mostly waits on the database's round trips, so fewer connections than that left 20 clients
   * queueing: 66 instead of 114 req/s at 4 on two cores).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  /** Seconds between housekeeping passes (a scheduled job, one instance each time); 0 turns them off. */
  HOUSEKEEPING_INTERVAL: z.coerce.number().int().min(0).default(3600),
  /** Seconds between looks for due background jobs; 0: never (tests run them by hand). */
  JOB_POLL_INTERVAL: z.coerce.number().int().min(0).max(3600).default(5),
  /** Days a deleted record stays in the trash (Koš) before housekeeping deletes it for good. */
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SENTRY_DSN: z.url().optional(),
  /**
   * Whose X-Forwarded-* headers to believe (the client's address, protocol, host): `false` (nobody),
   * `true` (anybody: only when nothing but the proxy can reach the app), a hop count, or the proxies'
   * addresses and CIDR ranges separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined)
        context.addIssue({
          code: 'custom',
          message: 'use true, false, a number of proxies, or addresses and CIDR ranges separated by commas',
        });
      return parsed ?? false;
    })
    .default(false),
  /** Seconds requests in flight get to finish after SIGTERM before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  /** Set → uploads live in this S3 bucket instead of DATA_DIR/files. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3–63 lowercase letters, digits, dots, hyphens',
    )
    .optional(),
  /** An S3-compatible server's address (MinIO, Ceph, a cloud's S3 API); unset → AWS. */
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `true` → `endpoint/bucket/key` addresses (most S3-compatible servers), else `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** Where anyone can fetch the bucket's objects (`<S3_PUBLIC_URL>/<key>`): public images are sent there. */
  S3_PUBLIC_URL: optionalUrl(['http:', 'https:']),
  /** The SDK's standard credentials; unset → the rest of its chain (profile, instance role). */
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Seconds a client has to send a request's headers: slow senders (slowloris) are cut off. */
  HEADERS_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
  /** Seconds a client has to send a whole request, body included (a 20 MB upload needs ~1.4 Mbit/s). */
  REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Where uploads are stored when not in DATA_DIR/files. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  publicUrl: string | undefined;
  /** Both keys from the environment, or undefined: the SDK's own chain finds them. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  datagridCacheTtlMs: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  sessionTtlSeconds: number;
  sessionMaxAgeSeconds: number;
  housekeepingIntervalSeconds: number;
  jobPollIntervalSeconds: number;
  trashRetentionDays: number;
  sentryDsn: string | undefined;
  trustProxy: TrustProxy;
  shutdownGraceMs: number;
  uploadMaxBytes: number;
  /** Set when S3_BUCKET is: uploads go to the bucket. */
  s3: S3Config | undefined;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  logLevel: string;
  /** Folder with the built back-office app (index.html, assets). */
  webDistDir: string;
}

/** What Fastify's `trustProxy` takes: nobody/anybody, a hop count, or addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: an address, or one with a prefix length that fits it. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY's text as Fastify takes it; undefined when it is none of the accepted forms. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '0') return false;
  // A hop count: the client is the address that many proxies back (1: the one proxy in front).
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

/**
 * TRUST_PROXY as Fastify's option. A hop count becomes a function, since Fastify itself now ignores
 * a bare number (it cannot tell the proxy from a client that reaches the app directly; neither can
 * `true`, which is why both are only for an app nothing but the proxies can reach).
 */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export class ConfigError extends Error {}

function s3Config(values: z.infer<typeof environmentSchema>): S3Config | undefined {
  if (!values.S3_BUCKET) return undefined;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = values;
  return {
    bucket: values.S3_BUCKET,
    endpoint: values.S3_ENDPOINT,
    region: values.S3_REGION,
    forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
    publicUrl: values.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** Reads and validates the environment; a wrong value throws one line naming the variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  // Parsed once: Zod's compiled fast path for the object (a 20 kB function) would cost more than it saves.
  const parsed = environmentSchema.safeParse(present, { jitless: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(present[name])}: ${issue.message}`,
    );
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE ?? Math.max(10, 4 * os.availableParallelism()),
    datagridCacheTtlMs: values.DATAGRID_CACHE_TTL * 1000,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    sessionTtlSeconds: values.SESSION_TTL,
    sessionMaxAgeSeconds: values.SESSION_MAX_AGE,
    housekeepingIntervalSeconds: values.HOUSEKEEPING_INTERVAL,
    jobPollIntervalSeconds: values.JOB_POLL_INTERVAL,
    trashRetentionDays: values.TRASH_RETENTION_DAYS,
    sentryDsn: values.SENTRY_DSN,
    trustProxy: values.TRUST_PROXY,
    shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    uploadMaxBytes: Math.round(values.UPLOAD_MAX_MB * 1024 * 1024),
    s3: s3Config(values),
    headersTimeoutMs: values.HEADERS_TIMEOUT * 1000,
    // Node requires the request timeout to be at least the headers timeout.
    requestTimeoutMs: Math.max(values.REQUEST_TIMEOUT, values.HEADERS_TIMEOUT) * 1000,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
