import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["scripts/**/*.test.ts", "runtime/**/*.test.ts"],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "contract",
          include: ["contract-tests/**/*.test.ts"],
          // One set of Prism mocks (all providers) for the whole contract suite.
          globalSetup: ["contract-tests/global-setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
