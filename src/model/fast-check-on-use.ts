// fast-check, loaded when a value is first drawn rather than when the model is: the mocks (`mock`, `serve`) import
// the string values for an answer's pattern, and most starts draw none (15–22 ms of a start's CPU, the forty-third
// round). One copy: `require` of the file the `import` condition names returns the module a static import has (Node's
// require of an ES module, Node >= 22.12, the engines'), so the arbitraries made here meet those the contract code
// makes from its own `import fc from "fast-check"` (`fc.oneof` of both); a bare `require("fast-check")` would load
// the package's CommonJS build, a second copy.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type fc from "fast-check";

let loaded: typeof fc | undefined;

/** fast-check's namespace, the same object as `import fc from "fast-check"`'s, loaded on the first call. */
export function fastCheck(): typeof fc {
  loaded ??= (
    createRequire(import.meta.url)(fileURLToPath(import.meta.resolve("fast-check"))) as { default: typeof fc }
  ).default;
  return loaded;
}
