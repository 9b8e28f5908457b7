/// <reference types="vitest" />
import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

// The build lands inside the Python package, which serves it (saqqara.server.site).
export default defineConfig({
  plugins: [preact()],
  build: {
    outDir: "../src/saqqara/web",
    emptyOutDir: true,
    target: "es2020",
    reportCompressedSize: false,
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8000", "/ws": { target: "ws://127.0.0.1:8000", ws: true } },
  },
  test: {
    environment: "jsdom",
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    pool: "threads",
    poolOptions: { threads: { maxThreads: 1, minThreads: 1 } },
  },
});
