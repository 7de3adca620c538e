import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { TOTP } from 'otpauth';
import { ROLES } from '@khel/contract';
import { buildApp } from '../src/app.js';
import type { Services } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import type { Drain } from '../src/modules/ops/drain.js';
import type { Database } from '../src/db/database.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { actAsPgliteServerRole, grantServerRole } from '../src/db/server-role.js';
import { ManualClock } from '../src/lib/clock.js';
import { clonePostgresTemplate, pgliteTemplate, POSTGRES_ADMIN_URL } from './template-database.js';

export { POSTGRES_ADMIN_URL };

export interface TestDatabase {
  /** Connected as the server's least-privilege role, as the server runs (decision 0043). */
  db: Database;
  url: string | null;
  /** Runs DDL a test needs (a scratch table) as the schema's owner; the server's role may use what it made. */
  asOwner(sql: string): Promise<void>;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new database on the PostgreSQL server (TEST_DB=postgres),
 * each a copy of a template migrated once per set of migrations (test/template-database.ts), used as the
 * server's least-privilege role: PGlite's `khel_server`, or on PostgreSQL a login role of this file's
 * own (roles are cluster-wide: a random name, dropped with the database).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = await openPgliteDatabase(undefined, { loadDataDir: await pgliteTemplate() });
    await actAsPgliteServerRole(db);
    return {
      db,
      url: null,
      async asOwner(sql) {
        try {
          await db.exec(`reset role; ${sql}`);
        } finally {
          await actAsPgliteServerRole(db);
        }
      },
      drop: () => db.close(),
    };
  }
  const name = `khel_test_${randomBytes(6).toString('hex')}`;
  const ownerUrl = new URL(await clonePostgresTemplate(POSTGRES_ADMIN_URL, name));
  const owner = openPostgresDatabase(ownerUrl.toString(), { max: 2 });
  const server = await serverRoleFor(owner, ownerUrl);
  const db = openPostgresDatabase(server.url, { max: 10 });
  return {
    db,
    url: server.url,
    async asOwner(sql) {
      try {
        await owner.exec(sql);
      } finally {
        await grantServerRole(owner, server.role);
      }
    },
    async drop() {
      await db.close();
      await owner.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.query(`drop role if exists ${server.role}`);
      await cleanup.end();
    },
  };
}

/** A login role of its own for one test database, granted as the server's (its privileges live in that database only). */
async function serverRoleFor(owner: Database, ownerUrl: URL): Promise<{ role: string; url: string }> {
  const role = `khel_server_${randomBytes(6).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  await owner.query(`create role ${role} login password '${password}'`);
  await grantServerRole(owner, role);
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return { role, url: url.toString() };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Database;
  /** DDL a test needs, as the schema's owner (TestDatabase.asOwner). */
  asOwner(sql: string): Promise<void>;
  clock: ManualClock;
  config: Config;
  /** The graceful stop's drain (server.ts runs it on SIGTERM). */
  drain: Drain;
  /** The test database's URL on the PostgreSQL server; null on PGlite. */
  databaseUrl: string | null;
  /** Starts the configured feeds (server.ts does it once listening). */
  startFeed: () => void;
  /** The live Betfair source, when FEED=betfair:. */
  liveFeed: Awaited<ReturnType<typeof buildApp>>['liveFeed'];
  close(): Promise<void>;
}

/** An app on a fresh test database, or on `database` (a migrated one the caller made, e.g. on a cluster of its own). */
export async function createTestApp(env: Record<string, string> = {}, database?: TestDatabase): Promise<TestApp> {
  const { db, drop, url, asOwner } = database ?? (await createTestDatabase());
  // Argon2id at its least cost (decision 0084): the tests' sign-ups and logins, not the hash's strength.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    PASSWORD_HASH_COST: 'minimal',
    ...env,
  });
  const clock = new ManualClock(new Date('2026-11-21T06:30:00.000Z'));
  const { app, services, drain, startFeed, liveFeed } = await buildApp({ config, db, clock });
  await app.ready();
  return {
    app,
    services,
    db,
    asOwner,
    clock,
    config,
    drain,
    databaseUrl: url,
    startFeed,
    liveFeed,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Answer {
  status: number;
  body: {
    meta: {
      code: number;
      message: string;
      error?: string;
      token?: string;
      issues?: { path: string; message: string }[];
    };
    data: unknown;
    message?: string;
  };
  raw: LightMyRequestResponse;
}

let ipCounter = 0;
/** Each test can speak from its own address so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const raw = await app.inject({
    method,
    url,
    payload: options.body === undefined ? undefined : (options.body as object),
    headers: {
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  let body: Answer['body'];
  try {
    body = raw.json();
  } catch {
    body = { meta: { code: raw.statusCode, message: raw.body }, data: null };
  }
  return { status: raw.statusCode, body, raw };
}

/** A bet the API must accept (else it throws with the envelope): its id and status. */
export async function placeBet(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown>,
): Promise<{ _id: string; status: string }> {
  const answer = await call(app, 'POST', '/api/v1/place-bet', { token, body });
  if (answer.body.meta.code !== 200) throw new Error(`place-bet refused: ${JSON.stringify(answer.body.meta)}`);
  return answer.body.data as { _id: string; status: string };
}

/** An offer's remainder taken back through the API, which must accept it (else it throws with the envelope). */
export async function cancelBet(app: FastifyInstance, token: string, betId: string): Promise<void> {
  const answer = await call(app, 'POST', '/api/v1/cancel-bet', { token, body: { betId } });
  if (answer.body.meta.code !== 200) throw new Error(`cancel-bet refused: ${JSON.stringify(answer.body.meta)}`);
}

let mobileCounter = 0;
/** A fresh valid Indian mobile number per call. */
export function nextMobile(): string {
  mobileCounter += 1;
  return `9197${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(5, '0')}`;
}

export async function latestOtp(services: Services, mobileNo: string): Promise<string> {
  const [message] = await services.sms.outbox(mobileNo);
  const code = message?.body.match(/^(\d{4})\b/)?.[1];
  if (code === undefined) throw new Error(`no OTP in the outbox for ${mobileNo}`);
  return code;
}

export const PASSWORD = 'monsoon-rain-42';

/** Signs a player up through the API, verifies the phone, and answers the token and user id. */
export async function signUpPlayer(
  t: TestApp,
  mobileNo = nextMobile(),
  extra: Record<string, unknown> = {},
): Promise<{ token: string; userId: string; mobileNo: string }> {
  const ip = nextIp();
  const signUp = await call(t.app, 'POST', '/api/v1/signUp', {
    ip,
    body: {
      name: 'Ravi Kumar',
      mobile_no: mobileNo,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
      ...extra,
    },
  });
  if (signUp.body.meta.code !== 200) throw new Error(`sign-up failed: ${signUp.body.meta.message}`);
  const verify = await call(t.app, 'POST', '/api/v1/verify-otp', {
    ip,
    body: { mobile_no: mobileNo, otp: await latestOtp(t.services, mobileNo) },
  });
  if (verify.body.meta.code !== 200) throw new Error(`verify failed: ${verify.body.meta.message}`);
  return { token: verify.body.meta.token as string, userId: (verify.body.data as { _id: string })._id, mobileNo };
}

/** The code an authenticator app would show for this base32 secret at the test clock's time (plus stepsAhead steps). */
export function totpCode(t: TestApp, secret: string, stepsAhead = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.clock.now().getTime() + stepsAhead * 30_000,
  });
}

/**
 * Enrols the caller's authenticator through the API (start, then confirm with a first code), so the
 * session passes the second factor as a real operator's would. Answers the secret and recovery codes.
 */
export async function enrolSecondFactor(
  t: TestApp,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment', { token });
  const secret = (start.body.data as { secret?: string } | null)?.secret;
  if (secret === undefined) throw new Error(`enrolment failed: ${start.body.meta.message}`);
  const confirm = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment/confirm', {
    token,
    body: { code: totpCode(t, secret) },
  });
  if (confirm.body.meta.code !== 200) throw new Error(`enrolment confirmation failed: ${confirm.body.meta.message}`);
  return { secret, recoveryCodes: (confirm.body.data as { recoveryCodes: string[] }).recoveryCodes };
}

/**
 * An operator made directly through the service (as bootstrap does), logged in through the API, with
 * the second factor enrolled so the session may use back-office routes.
 */
export async function createOperator(
  t: TestApp,
  role: number = ROLES.DIRECTOR,
): Promise<{ token: string; userId: string; mobileNo: string; secret: string }> {
  const mobileNo = nextMobile();
  const user = await t.services.identity.createAccount({
    name: 'Op Erator',
    mobileNo,
    password: PASSWORD,
    role,
    referredBy: null,
    verified: true,
  });
  const login = await call(t.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: mobileNo, password: PASSWORD },
  });
  const token = login.body.meta.token as string;
  const { secret } = await enrolSecondFactor(t, token);
  return { token, userId: user.id, mobileNo, secret };
}

/**
 * A back-office account an upline created signs in, enrols, and chooses its own password as the back
 * office makes it (decision 0050); the change ends the session, so the new one passes the second
 * factor with the next code. Answers the token that may use back-office routes.
 */
export async function signInCreatedAccount(t: TestApp, mobileNo: string, password = PASSWORD): Promise<string> {
  const login = await call(t.app, 'POST', '/api/v1/login', { ip: nextIp(), body: { mobile_no: mobileNo, password } });
  if (login.body.meta.code !== 200) throw new Error(`login failed: ${login.body.meta.message}`);
  const first = login.body.meta.token as string;
  const { secret } = await enrolSecondFactor(t, first);
  const own = `${password}-own`;
  const changed = await call(t.app, 'POST', '/api/v1/change_password', {
    token: first,
    body: { old_password: password, password: own, confirm_password: own },
  });
  if (changed.body.meta.code !== 200) throw new Error(`password change failed: ${changed.body.meta.message}`);
  const token = changed.body.meta.token as string;
  // The enrolment spent this step's code: the next one (one step of drift is accepted).
  const verified = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
    token,
    body: { code: totpCode(t, secret, 1) },
  });
  if (verified.body.meta.code !== 200) throw new Error(`second factor failed: ${verified.body.meta.message}`);
  return token;
}
