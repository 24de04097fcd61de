// Points the mocks' `require("../vendor/prism.cjs")` at the tests' Prism bundle (test-support/run/prism-bundle.ts
// says why), in each process the tests run in: Vitest's workers import this first (vitest.config.ts's execArgv),
// and its own process when the config is read. BLOCKWRIGHT_TEST_PRISM names the bundle (the config sets it, and
// the workers inherit it); without it, or on a Node without module.registerHooks, Prism is required from the
// sources as before. A module of src/vendor/ (its tests: they check what the vendor module changes in Prism's
// packages) still gets the sources' module.
import module from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const bundle = process.env.BLOCKWRIGHT_TEST_PRISM;
const root = process.env.BLOCKWRIGHT_TEST_ROOT;
if (bundle && root && typeof (/** @type {any} */ (module).registerHooks) === "function") {
  const sourceUrl = pathToFileURL(join(root, "src/vendor/prism.cjs")).href;
  const vendorUrl = `${pathToFileURL(join(root, "src/vendor")).href}/`;
  const bundleUrl = pathToFileURL(bundle).href;
  // @types/node 20 does not know registerHooks (Node 22.15 and 23.5 on): the part used, as Node's documentation has it.
  /** @typedef {{ url: string }} Resolved */
  /** @typedef {{ parentURL?: string }} Context */
  /** @typedef {(specifier: string, context: Context) => Resolved} Resolve */
  /** @type {{ registerHooks: (hooks: { resolve: (s: string, c: Context, next: Resolve) => Resolved }) => void }} */
  const hooks = /** @type {any} */ (module);
  hooks.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url !== sourceUrl || context.parentURL?.startsWith(vendorUrl)) return resolved;
      return { ...resolved, url: bundleUrl };
    },
  });
}
