// The validators, templates, manifest schema and manifest types made at build
// time are those of the current sources: a schema fragment or template edited
// without `npm run build` fails here, naming the file.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { outputs } from "../../scripts/build/precompile.mjs";

const root = join(import.meta.dirname, "../..");

const all = (await outputs()) as Map<string, string>;

describe("precompiled schemas and templates", () => {
  for (const [path, content] of all) {
    it(`${path} is current (npm run build regenerates it)`, () => {
      expect(readFileSync(join(root, path), "utf8") === content).toBe(true);
    });
  }
});
