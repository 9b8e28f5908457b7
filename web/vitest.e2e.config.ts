import { defineConfig } from "vitest/config";

// Browser tests: one file at a time, one browser, against a real saqqara serve.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 90_000,
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
  },
});
