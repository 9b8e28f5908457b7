/** The browser tests' world: a real `saqqara serve` on a free loopback port with a fresh
 * SQLite file, and Debian's Chromium driven by playwright-core (no browser download). */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";

export const ROOT = resolve(__dirname, "..", "..");
export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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

export interface Server {
  base: string;
  /** Stop the server (SIGTERM) and start it again on the same port and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** `saqqara serve` on 127.0.0.1 with a temporary SQLite database (and `args` more
 * arguments, `env` more environment variables). */
export async function startServer(
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<Server> {
  const saqqara = process.env.SAQQARA ?? join(ROOT, ".venv", "bin", "saqqara");
  if (!existsSync(saqqara)) throw new Error(`no saqqara command at ${saqqara}`);
  const folder = mkdtempSync(join(tmpdir(), "saqqara-e2e-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child = await launch(saqqara, port, folder, options);
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  return {
    base,
    async restart() {
      await halt();
      child = await launch(saqqara, port, folder, options);
    },
    async stop() {
      await halt();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Start `saqqara serve` on ``port`` with the database in ``folder``; resolves once it
 * answers /healthz. */
async function launch(
  saqqara: string,
  port: number,
  folder: string,
  options: { args?: string[]; env?: Record<string, string> },
): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    saqqara,
    ["serve", "--port", String(port), "--db", `sqlite:///${join(folder, "server.db")}`, ...(options.args ?? [])],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...options.env } },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`saqqara serve exited: ${output}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (answer.ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`saqqara serve did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export interface SeatLinks {
  table: string;
  links: Map<number, string>;
}

/** Create a table over the HTTP API: ``people`` seats first, then bots of ``bot``. */
export async function createTable(
  base: string,
  game: string,
  people: number,
  bots: number,
  bot = "random",
  options: Record<string, string> = {},
): Promise<SeatLinks> {
  const seats = [
    ...Array.from({ length: people }, (_, n) => ({ kind: "person", name: `Person ${n + 1}` })),
    ...Array.from({ length: bots }, () => ({ kind: "bot", bot })),
  ];
  const answer = await fetch(`${base}/api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game, seats, options }),
  });
  if (!answer.ok) throw new Error(`create failed: ${await answer.text()}`);
  const created = (await answer.json()) as {
    table: string;
    seats: { seat: number; link?: string }[];
  };
  const links = new Map<number, string>();
  for (const seat of created.seats) if (seat.link) links.set(seat.seat, seat.link);
  return { table: created.table, links };
}
