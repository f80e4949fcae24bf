import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      sentryDsn: undefined,
      uploadMaxBytes: 20 * 1024 * 1024,
      housekeepingIntervalSeconds: 3600,
      trashRetentionDays: 30,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      datagridCacheTtlMs: 5000,
      trustProxy: false,
      shutdownGraceMs: 10_000,
      s3: undefined,
    });
    expect(config.databasePoolSize).toBeGreaterThanOrEqual(10);
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    ['PORT', 'osmdesát', /PORT/],
    ['DATABASE_URL', 'mysql://localhost/db', /DATABASE_URL/],
    ['PUBLIC_URL', 'klub.cz', /PUBLIC_URL/],
    ['ADMIN_PASSWORD', 'krátké', /ADMIN_PASSWORD/],
    ['SESSION_TTL', '-5', /SESSION_TTL/],
    ['TRUST_PROXY', 'ano', /TRUST_PROXY/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY="10.0.0.0\/33": use true, false, a number of proxies/],
    ['TRUST_PROXY', '10.0.0.1, proxy.local', /TRUST_PROXY/],
    ['SHUTDOWN_GRACE_SECONDS', '-1', /SHUTDOWN_GRACE_SECONDS/],
    ['HOUSEKEEPING_INTERVAL', 'hodina', /HOUSEKEEPING_INTERVAL/],
    ['JOB_POLL_INTERVAL', '-1', /JOB_POLL_INTERVAL/],
    ['JOB_POLL_INTERVAL', 'pět', /JOB_POLL_INTERVAL/],
    ['TRASH_RETENTION_DAYS', '0', /TRASH_RETENTION_DAYS/],
    ['HEADERS_TIMEOUT', '0', /HEADERS_TIMEOUT/],
    ['DATAGRID_CACHE_TTL', '-1', /DATAGRID_CACHE_TTL/],
    ['DATABASE_POOL_SIZE', '0', /DATABASE_POOL_SIZE/],
    ['S3_BUCKET', 'Klub_Soubory', /S3_BUCKET="Klub_Soubory": must be a bucket name/],
    ['S3_ENDPOINT', 'minio:9000', /S3_ENDPOINT/],
    ['S3_FORCE_PATH_STYLE', 'ano', /S3_FORCE_PATH_STYLE/],
  ])('stops with one line naming %s when it is wrong', (name, value, pattern) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(pattern);
  });

  it('takes PostgreSQL from DATABASE_URL and trims the slash off PUBLIC_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/klub', PUBLIC_URL: 'https://klub.cz/' });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/klub');
    expect(config.publicUrl).toBe('https://klub.cz');
  });

  it('takes S3 storage from S3_BUCKET, credentials only when both keys are there', () => {
    const config = loadConfig({
      S3_BUCKET: 'klub-soubory',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://soubory.klub.cz/',
      AWS_ACCESS_KEY_ID: 'klic',
      AWS_SECRET_ACCESS_KEY: 'tajemstvi',
    });
    expect(config.s3).toEqual({
      bucket: 'klub-soubory',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      publicUrl: 'https://soubory.klub.cz',
      credentials: { accessKeyId: 'klic', secretAccessKey: 'tajemstvi' },
    });
    expect(
      loadConfig({ S3_BUCKET: 'klub-soubory', AWS_ACCESS_KEY_ID: 'klic' }).s3?.credentials,
    ).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).s3).toBeUndefined();
  });

  it('sizes the PostgreSQL pool and the datagrid cache as told; a zero TTL turns the cache off', () => {
    const config = loadConfig({ DATABASE_POOL_SIZE: '6', DATAGRID_CACHE_TTL: '0' });
    expect(config).toMatchObject({ databasePoolSize: 6, datagridCacheTtlMs: 0 });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,fd00::/8', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
  ])('takes TRUST_PROXY=%s as Fastify takes it', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('gives requests in flight SHUTDOWN_GRACE_SECONDS after SIGTERM', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '25' }).shutdownGraceMs).toBe(25_000);
  });
});
