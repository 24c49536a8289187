import pg from 'pg';
import { ensureOwner, seedLargeOrg, SEED_OWNER, startServer } from './large-org/seed';

/**
 * `npm run seed`: the large organisation of the read benchmarks (3,000 students, 10 years of weekly lessons, 40,000
 * payments) in DATABASE_URL, or in the database `okul_large_org` of BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (created when missing). Running it again on a seeded database changes nothing. Prints one JSON object with
 * the owner's login, the organisation and the timings; `BENCH_LARGE_ORG_URL=<url> npm run bench large-org`
 * then reuses the database instead of seeding a fresh one.
 */
const BASE =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function databaseUrl(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const name = 'okul_large_org';
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main() {
  const log = (m: string) => process.stderr.write(`[seed] ${m}\n`);
  const url = await databaseUrl();
  log(`database ${new URL(url).pathname.slice(1)} on ${new URL(url).host}`);
  const s = await startServer(url);
  try {
    const owner = await ensureOwner(s);
    const result = await seedLargeOrg(s, owner, { log });
    process.stdout.write(
      `${JSON.stringify(
        {
          databaseUrl: url,
          email: SEED_OWNER.email,
          password: SEED_OWNER.password,
          organizationId: owner.organizationId,
          ...result,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await s.close();
  }
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
