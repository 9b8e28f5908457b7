/** A browser game through nginx (docs/deploy.md): Debian's nginx on docs/deploy/nginx.conf
 * itself (its upstream and listen lines replaced) in front of two `saqqara serve`
 * processes on PostgreSQL and Redis. The seat link names nginx's address, the page plays
 * through it (its WebSocket upgraded and accepted), and when the process that owns the
 * table is killed (SIGKILL) mid-game the page reconnects through nginx and plays on to the
 * end. Without nginx, PostgreSQL or Redis it is skipped, except under CI (scripts/check
 * installs and starts them), where it fails. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTable, startBrowser } from "./harness";
import { awaitTurn, clickMove, playToEnd, seeded } from "./play";

const ROOT = resolve(__dirname, "..", "..");
const SAQQARA = process.env.SAQQARA ?? join(ROOT, ".venv", "bin", "saqqara");
const PYTHON = join(dirname(SAQQARA), "python");
const PG = process.env.SAQQARA_TEST_PG ?? "postgresql://postgres@127.0.0.1:5432/test";
const REDIS = process.env.SAQQARA_TEST_REDIS ?? "redis://127.0.0.1:6379/0";
const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((path) => existsSync(path));

/** Whether something accepts a connection at the URL's host and port. */
async function reachable(url: string, port: number): Promise<boolean> {
  const parsed = new URL(url);
  return new Promise<boolean>((done) => {
    const socket = createConnection({ host: parsed.hostname || "127.0.0.1", port: Number(parsed.port) || port });
    const answer = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(2000);
    socket.once("connect", () => answer(true));
    socket.once("error", () => answer(false));
    socket.once("timeout", () => answer(false));
  });
}

const missing = [
  NGINX ? "" : "nginx",
  existsSync(SAQQARA) ? "" : `saqqara at ${SAQQARA}`,
  (await reachable(PG, 5432)) ? "" : "PostgreSQL",
  (await reachable(REDIS, 6379)) ? "" : "Redis",
].filter(Boolean);
if (missing.length > 0 && process.env.CI) throw new Error(`CI requires ${missing.join(", ")}`);

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Run Python with SQLAlchemy on PostgreSQL (making or dropping the test's schema). */
function sql(statement: string): void {
  const code = `from sqlalchemy import create_engine, text
e = create_engine(${JSON.stringify(PG)})
with e.begin() as c: c.execute(text(${JSON.stringify(statement)}))
e.dispose()`;
  const done = spawnSync(PYTHON, ["-c", code], { encoding: "utf8", timeout: 60_000 });
  if (done.status !== 0) throw new Error(`${statement}: ${done.stderr}`);
}

async function until(what: string, check: () => Promise<boolean>, ms = 180_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Process {
  port: number;
  child: ChildProcess;
  output: string[];
}

const schema = `e2e_${Math.random().toString(36).slice(2, 12)}`;
const folder = mkdtempSync(join(tmpdir(), "saqqara-proxy-"));
const processes: Process[] = [];
let nginx: ChildProcess | null = null;
let proxy = "";
let browser: Browser;

function start(command: string, args: string[]): Process["child"] {
  return spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
}

beforeAll(async () => {
  if (missing.length > 0) return;
  sql(`CREATE SCHEMA "${schema}"`);
  const db = `${PG}?options=-csearch_path%3D${schema}`;
  const prefix = `saqqara-e2e-${schema}:`;
  for (let n = 0; n < 2; n++) {
    const port = await freePort();
    const args = ["serve", "--port", String(port), "--db", db, "--redis", REDIS, "--redis-prefix", prefix];
    const child = start(SAQQARA, [...args, "--lease-seconds", "2", "--forwarded-allow-ips", "127.0.0.1"]);
    const output: string[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    processes.push({ port, child, output });
  }
  for (const { port, child, output } of processes) {
    await until(`saqqara serve did not start: ${output.join("")}`, async () => {
      if (child.exitCode !== null) throw new Error(`saqqara serve exited: ${output.join("")}`);
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    });
  }
  // docs/deploy/nginx.conf with the test's upstreams and port (each line there exactly once).
  const port = await freePort();
  let site = readFileSync(join(ROOT, "docs", "deploy", "nginx.conf"), "utf8");
  const replacements: [string, string][] = [
    ["saqqara-1:8000", `127.0.0.1:${processes[0]?.port}`],
    ["saqqara-2:8000", `127.0.0.1:${processes[1]?.port}`],
    ["    listen 80;\n", `    listen 127.0.0.1:${port};\n`],
  ];
  for (const [from, to] of replacements) {
    if (site.split(from).length !== 2) throw new Error(`docs/deploy/nginx.conf no longer has ${from} once`);
    site = site.replace(from, to);
  }
  chmodSync(folder, 0o755); // nginx's workers run as nobody when the tests run as root
  writeFileSync(join(folder, "saqqara.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${folder}/${name};`)
    .join(" ");
  const main = `worker_processes 1; pid ${folder}/nginx.pid; error_log ${folder}/error.log warn;
events { worker_connections 512; }
http { access_log ${folder}/access.log; ${temp} include ${folder}/saqqara.conf; }\n`;
  writeFileSync(join(folder, "nginx.conf"), main);
  const conf = ["-p", folder, "-e", join(folder, "error.log"), "-c", join(folder, "nginx.conf")];
  nginx = start(NGINX ?? "nginx", [...conf, "-g", "daemon off;"]);
  proxy = `http://127.0.0.1:${port}`;
  await until("nginx did not answer", async () => (await fetch(`${proxy}/healthz`)).ok, 60_000);
  browser = await startBrowser();
});

afterAll(async () => {
  await browser?.close();
  nginx?.kill("SIGTERM");
  for (const { child } of processes) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
  if (missing.length === 0) sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});

it.skipIf(missing.length > 0)("plays a game through nginx while its process is killed", async () => {
  const { table, links } = await createTable(proxy, "tutankhamun", 1, 1, "greedy");
  const link = links.get(0) ?? "";
  expect(link.startsWith(`${proxy}/t/${table}?seat=0&key=`)).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(link);
  // The nearest tile each time, never the exit: the game cannot end in these moves.
  for (let n = 0; n < 3; n++) {
    expect(await awaitTurn(page)).toBe(true);
    await clickMove(page, () => 0, ["exit"]);
  }
  // The owner holds the table's lease (the one lease of this fresh site): kill it.
  const leases = await Promise.all(
    processes.map(async ({ port }) => {
      const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as {
        site: { leases: number };
      };
      return health.site.leases;
    }),
  );
  const owner = processes[leases.indexOf(1)];
  expect(owner).toBeDefined();
  owner?.child.kill("SIGKILL");
  const clicks = await playToEnd(page, seeded(5));
  await page.locator(".result").waitFor();
  expect(await page.locator(".result").textContent()).toContain("Game over");
  expect(clicks).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  const survivor = processes.find((p) => p !== owner);
  const info = (await (await fetch(`http://127.0.0.1:${survivor?.port}/api/tables/${table}`)).json()) as {
    status: string;
  };
  expect(info.status).toBe("finished");
  console.log(`through nginx: 3 moves, the owner killed, then ${clicks} more to the end`);
  await context.close();
});
