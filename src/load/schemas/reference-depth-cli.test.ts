// The commands' ends on a document whose schemas nest through their `$ref`s past the limit (a chain of 3,000 schemas
// each holding the next, reference-depth.test.ts): `add`, `generate`, `upstream` and a mock each refuse it by its
// depth, the rule and the place (BW1002, exit 2), never an internal error (exit 70) or a stack trace. generate measures
// the document only where a walk overflows on it; add drafts in a worker, whose deeper stack need not overflow, and a
// mock in a long-lived process whose walks may run optimised: both measure first; upstream measures a newer document
// before comparing it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../../test-support/cli-harness.js";
import { startMocks } from "../../mocks/mocks.js";
import { zqChain } from "./__fixtures__/zq-chain.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-reference-depth-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");
const REFUSED = /refused: the schemas nest \d+ levels deep through their \$refs \(rule: depth;.*Zq\d+.*\[BW1002\]/;
const refusedCleanly = (r: { code: number; stderr: string }) => {
  expect(r.stderr).toMatch(REFUSED);
  expect(r.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
  expect(r.code, r.stderr).toBe(2);
};

describe("a document nesting past the limit through its $refs, at the commands", () => {
  for (const shape of ["allOf", "oneOf", "field"] as const) {
    it(`(${shape}) is refused by add, generate, upstream and a mock with BW1002, exit 2`, async () => {
      const provider = `zqdeep${shape.toLowerCase()}`;
      const from = join(tmp, `${provider}.json`);
      writeFileSync(from, JSON.stringify({ ...zqChain(3000, shape), servers: [{ url: "https://api.zq.example" }] }));
      refusedCleanly(await cli(["add", provider, "--from", from, "--operations", "all"], { cwd: dir }));
      // A provider drafted from a chain of 100, its document then the chain of 3,000 (the same operation).
      const shallow = join(tmp, `${provider}-100.json`);
      writeFileSync(shallow, JSON.stringify({ ...zqChain(100, shape), servers: [{ url: "https://api.zq.example" }] }));
      const added = await cli(["add", provider, "--from", shallow, "--operations", "all"], { cwd: dir });
      expect(added.code, added.stderr).toBe(0);
      // upstream on the chain of 3,000 as the newer document: refused before its comparison (which overflowed on the
      // allOf chain) and before --accept pins it (its recut overflowed on the field chain, the pin already written).
      const pin = readFileSync(join(dir, "specs", provider, "upstream", "source.yaml"), "utf8");
      refusedCleanly(await cli(["upstream", provider, from, "--accept"], { cwd: dir }));
      expect(readFileSync(join(dir, "specs", provider, "upstream", "source.yaml"), "utf8")).toBe(pin);
      writeFileSync(join(dir, "specs", provider, "openapi.yaml"), readFileSync(from, "utf8"));
      // generate measures the document only where a walk overflows on it: in this worker, its walks optimised by the
      // files before, the same walk may hold and the document generate. Either way, never an internal error.
      const generated = await cli(["generate", "--provider", provider], { cwd: dir });
      expect(generated.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
      if (generated.code !== 0) refusedCleanly(generated);
      // Refused before a server listens; were one to start, it is stopped after minutes (a hang's backstop).
      const backstop = new Promise<void>((resolve) => setTimeout(resolve, 180_000).unref());
      refusedCleanly(await cli(["mock", provider], { cwd: dir, startMocks, interrupted: backstop }));
    });
  }

  it("(1,200 inline schemas each holding the next) is refused by upstream as text nested too deep", async () => {
    const provider = "zqdeepinline";
    const shallow = join(tmp, `${provider}-10.json`);
    writeFileSync(shallow, JSON.stringify({ ...zqChain(10, "field"), servers: [{ url: "https://api.zq.example" }] }));
    const added = await cli(["add", provider, "--from", shallow, "--operations", "all"], { cwd: dir });
    expect(added.code, added.stderr).toBe(0);
    // A published JSON document was read by JSON.parse, with no bound on its nesting: the comparison overflowed.
    let schema: object = { type: "string" };
    for (let i = 0; i < 1200; i++) schema = { type: "object", properties: { [`zq${i}`]: schema } };
    const inline = zqChain(10, "field");
    (inline.components as { schemas: Record<string, unknown> }).schemas.Zq9 = schema;
    const from = join(tmp, `${provider}.json`);
    writeFileSync(from, JSON.stringify({ ...inline, servers: [{ url: "https://api.zq.example" }] }));
    const r = await cli(["upstream", provider, from], { cwd: dir });
    expect(r.stderr).toMatch(
      /zqdeepinline\.json:1:\d+: refused: the value there is nested more than 100 levels deep .*BW1002/,
    );
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at /);
    expect(r.code, r.stderr).toBe(2);
  });
});
