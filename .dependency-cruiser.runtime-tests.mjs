// The runtime's tests, cruised on their own (\`npm run lint\`, src/layers.test.ts): a runtime test imports the
// runtime, its test runner and packages, and test-support/runtime/ (the committed IR of fixture specs, loopback
// servers, scripted fetches), never the generator, the tools or the scripts, directly or through the generator's
// part of test-support/. test-support/runtime/ itself stands on the runtime alone (.dependency-cruiser.mjs), so
// nothing a runtime test reaches leads out of the runtime.
import main, { TEST_SUPPORT, TEST_SUPPORT_RUNTIME } from "./.dependency-cruiser.mjs";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "runtime-tests-on-the-runtime-part",
      comment: "A runtime test stands on the runtime and test-support/runtime/: nothing of src/, scripts/, contract-tests/, generated/ or the rest of test-support/.",
      severity: "error",
      from: { path: "^runtime/.+\\.test\\.ts$" },
      to: { path: ["^src/", "^scripts/", "^contract-tests/", "^generated/", TEST_SUPPORT], pathNot: TEST_SUPPORT_RUNTIME },
    },
  ],
  options: {
    ...main.options,
    // Only the runtime's tests are read, as the rule is about their own imports (its other files are held to the
    // runtime by the main cruise); what they import is named, not followed. A cold cruise read 226 modules, 105 now:
    // 0.45 → 0.2 s of CPU. A folder's path has no extension, so the tests in a folder are still found.
    exclude: { path: ["^(runtime/)?dist/", "/__fixtures__/", "^runtime/(?!.*\\.test\\.ts$).+\\.[a-z]+$"] },
    doNotFollow: { path: ["(^|/)node_modules/", "^(?!runtime/)"] },
    cache: { folder: "node_modules/.cache/dependency-cruiser-runtime-tests", strategy: "content" },
  },
};
