import path from 'node:path';
import { z } from 'zod';
import type { GenericOAuthConfig } from './modules/platform/account/oauth.ts';
import type { MessagingConfig } from './modules/platform/auth/senders/config.ts';
import type { S3Settings } from './modules/platform/file/s3-storage.ts';

/** Demo password of the seeded admin in development, documented in README. Never used in production. */
export const DEV_ADMIN_PASSWORD = 'Aps@2026';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8086),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD 至少 8 位').optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET 至少 32 个字符').optional(),
  /** AES-256-GCM key of sealed bid quotations (32 bytes, base64 or hex); unset: generated once under DATA_DIR. */
  BID_SEAL_KEY: z.string().optional(),
  TOKEN_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  WEB_DIST: z.string().optional(),
  CAS_SERVER_URL: z.string().url().optional(),
  REPORT_SSO_URL: z.string().url().optional(),
  REVIEW_REPORT_FONT: z.string().trim().min(1).optional(),
  APS_TEST_ROUTES: z.enum(['0', '1']).optional(),
  CAS_SERVICE_URL: z.string().url().optional(),
  /** A generic OAuth2 (authorization code) third-party login: all of the URLs and the client, or none. */
  OAUTH2_TYPE: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,31}$/)
    .default('oauth2'),
  OAUTH2_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH2_TOKEN_URL: z.string().url().optional(),
  OAUTH2_USERINFO_URL: z.string().url().optional(),
  OAUTH2_CLIENT_ID: z.string().min(1).optional(),
  OAUTH2_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH2_ID_FIELD: z.string().min(1).default('sub'),
  OAUTH2_SCOPE: z.string().default('openid profile'),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(10_485_760),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_.-]+\/)*$/, 'S3_PREFIX 须为以 / 结尾的目录，如 aps/')
    .default(''),
  /** Sources (IP addresses, comma-separated) the per-source login/SMS throttles skip, e.g. a load tester. */
  THROTTLE_EXEMPT: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  /** Longest a request may take to arrive, headers and body (slow or stalled uploads end with 408). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
});

export interface AppConfig {
  /**
   * Tests only (never read from the environment): told each image captcha's answer, so an integration test can
   * pass the captcha the way a person reading the image would. No endpoint reveals an answer.
   */
  onCaptchaIssued?: (checkKey: string, answer: string) => void;
  /** Tests and the bench only: the Redis channel of realtime pushes (default aps:realtime), one per test run. */
  realtimeChannel?: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  env: 'development' | 'production' | 'test';
  adminPassword: string;
  tokenSecret: string | undefined;
  /** BID_SEAL_KEY: the key sealed quotations are encrypted with; unset, DATA_DIR/.bid-seal-key. */
  bidSealKey: string | undefined;
  tokenIdleMs: number;
  logLevel: string;
  seedDemo: boolean;
  webDist: string;
  casServerUrl: string | undefined;
  /** The report system the header's report entry signs into (GET /sys/reportSso); unset: the in-app reports. */
  reportSsoUrl: string | undefined;
  /** The review report's CJK font, `path` or `path#face`; unset: the system's Noto Sans CJK (fonts-noto-cjk). */
  reviewReportFont?: string | undefined;
  /** Routes that simulate error states for the client's tests; never in production. */
  testRoutes: boolean;
  casServiceUrl: string;
  /** The generic OAuth2 third-party login (OAUTH2_*), when fully configured. */
  oauth2?: GenericOAuthConfig | undefined;
  /** Where uploads are stored: the local disk (`uploadDir`) or an S3-compatible bucket (`s3`). */
  fileStorage: 'local' | 's3';
  uploadDir: string;
  /** The largest upload of any kind; images are held to 10485760 bytes regardless (§5). */
  uploadMaxBytes: number;
  s3: S3Settings | null;
  /**
   * Sources exempt from the per-source throttles (never from the per-account ones): THROTTLE_EXEMPT, else the
   * loopback addresses outside production, where tests and the e2e browser all sign in from one address.
   */
  throttleExempt: string[];
  /**
   * Which hops may set X-Forwarded-For (TRUST_PROXY: addresses or CIDRs, comma-joined, or "true" behind a proxy
   * that overwrites the header). Unset, the socket address is the client: otherwise any client could pick the
   * source the login throttles count against.
   */
  trustProxy: boolean | string[];
  /** REQUEST_TIMEOUT_MS: a request whose headers or body have not all arrived by then is answered 408. */
  requestTimeoutMs: number;
  /** SMS provider and SMTP (modules/platform/auth/senders/config.ts); unset: read from the environment. */
  messaging?: MessagingConfig;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置有误:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) throw new Error('配置有误:\nS3_BUCKET: FILE_STORAGE=s3 时必须设置');
  if (e.NODE_ENV === 'production' && !e.ADMIN_PASSWORD) {
    throw new Error('生产环境必须通过 ADMIN_PASSWORD 设置管理员初始密码');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    env: e.NODE_ENV,
    adminPassword: e.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    tokenSecret: e.TOKEN_SECRET,
    bidSealKey: e.BID_SEAL_KEY,
    tokenIdleMs: e.TOKEN_IDLE_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production',
    casServerUrl: e.CAS_SERVER_URL,
    reportSsoUrl: e.REPORT_SSO_URL,
    reviewReportFont: e.REVIEW_REPORT_FONT,
    testRoutes: e.APS_TEST_ROUTES === '1' && e.NODE_ENV !== 'production',
    casServiceUrl: e.CAS_SERVICE_URL ?? `http://localhost:${e.PORT}/`,
    oauth2:
      e.OAUTH2_AUTHORIZE_URL &&
      e.OAUTH2_TOKEN_URL &&
      e.OAUTH2_USERINFO_URL &&
      e.OAUTH2_CLIENT_ID &&
      e.OAUTH2_CLIENT_SECRET
        ? {
            type: e.OAUTH2_TYPE,
            authorizeUrl: e.OAUTH2_AUTHORIZE_URL,
            tokenUrl: e.OAUTH2_TOKEN_URL,
            userInfoUrl: e.OAUTH2_USERINFO_URL,
            clientId: e.OAUTH2_CLIENT_ID,
            clientSecret: e.OAUTH2_CLIENT_SECRET,
            idField: e.OAUTH2_ID_FIELD,
            scope: e.OAUTH2_SCOPE,
          }
        : undefined,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    fileStorage: e.FILE_STORAGE,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'upload')),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
          prefix: e.S3_PREFIX,
        }
      : null,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === '' || e.TRUST_PROXY === 'false'
        ? false
        : e.TRUST_PROXY === 'true'
          ? true
          : e.TRUST_PROXY.split(',')
              .map((hop) => hop.trim())
              .filter(Boolean),
    throttleExempt:
      e.THROTTLE_EXEMPT !== undefined
        ? e.THROTTLE_EXEMPT.split(',')
            .map((ip) => ip.trim())
            .filter(Boolean)
        : e.NODE_ENV === 'production'
          ? []
          : ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
  };
}
