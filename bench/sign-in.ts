import { hashPassword, verifyPassword } from "../src/core/staff/passwords.js";
import { passwordWeakness, personalWords } from "../src/core/staff/password-strength.js";

// npx tsx bench/sign-in.ts: what a staff user's sign-in and a new password cost the server, in
// one core's milliseconds: the scrypt hash (every sign-in, and every new password), and zxcvbn's
// estimate of a new password (its dictionaries built on the first one). Medians of RUNS.

const RUNS = Number(process.env.BENCH_SIGN_IN_RUNS ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => unknown): Promise<number> {
  const started = process.cpuUsage();
  await run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

const personal = personalWords("sara@example.com");
const first = await timed(() => passwordWeakness("tea with cardamom at dawn", personal));
const checks: number[] = [];
for (let i = 0; i < RUNS; i++) checks.push(await timed(() => passwordWeakness(`tea with cardamom at dawn ${i}`, personal)));
const stored = await hashPassword("tea with cardamom at dawn");
const hashes: number[] = [];
const verifies: number[] = [];
for (let i = 0; i < RUNS; i++) {
  hashes.push(await timed(() => hashPassword("tea with cardamom at dawn")));
  verifies.push(await timed(() => verifyPassword("tea with cardamom at dawn", stored)));
}
console.log(
  JSON.stringify({
    runs: RUNS,
    scryptHashMs: Math.round(median(hashes)),
    scryptVerifyMs: Math.round(median(verifies)),
    strengthFirstMs: Math.round(first),
    strengthMs: Math.round(median(checks) * 10) / 10,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
  }),
);
