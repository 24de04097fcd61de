// A credential sent inside an object of a JSON body too (auth.alsoSends with a `path`, issue 59), end to end on a
// project of its own: `generate` writes the package, `blockwright test` runs the contract cases on the Prism mock, the
// case of each way checking the nested place (the first way's, and an alternative's alone, whose case checked only its
// scheme's place before); the typed client sends the credential there too. A mistake planted in the runtime (the
// alternative's credential sent at the nested place as another value, which the mock takes) fails the alternative's
// case by its own check.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type PlantedRuntime, plantedRuntimeProject } from "../../test-support/cli/planted-runtime.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

/** The mistake planted in the runtime's placer (build-request.ts placeAt): another value at a place, for any other. */
const plant = vi.hoisted(() => ({ on: false, credential: "" }));
vi.mock("../../runtime/call/build-request.js", async (original) => {
  const real = await original<typeof import("../../runtime/call/build-request.js")>();
  return {
    ...real,
    placeAt: (...args: Parameters<typeof real.placeAt>) => {
      const [wire, at, value, bodies] = args;
      const alternative = at.in === "body" && at.pointer === "/auth/hash" && value !== plant.credential;
      if (!plant.on || !alternative) return real.placeAt(...args);
      real.placeAt(wire, at, "zq-not-the-token-00000001", bodies);
    },
  };
});

const tmp = mkdtempSync(join(runScratch(), "blockwright-also-sends-nested-"));
const dir = join(tmp, "project");
let planted: PlantedRuntime;

beforeAll(async () => {
  planted = await plantedRuntimeProject(dir);
  plant.credential = planted.credential;
  cpSync(fileURLToPath(new URL("../link/__fixtures__/zqdeep/", import.meta.url)), join(dir, "specs/zqdeep"), {
    recursive: true,
  });
  const generated = await planted.cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const contract = () => planted.contract("zqdeep");

const FIRST = "the credential goes where its scheme puts it and to body:auth/hash (auth.alsoSends)";
const ALTERNATIVE =
  "with alternative 1 alone (bearer), the credentials go where its requirement puts them and to body:auth/hash " +
  "(auth.alsoSends)";

describe("auth.alsoSends at a nested body place through generate and test", () => {
  it("passes the cases of both ways, each checking the nested place", async () => {
    const { code, cases } = await contract();
    expect(code, JSON.stringify(cases.filter((c) => c.status !== "passed"))).toBe(0);
    const names = cases.map((c) => c.name);
    expect(names).toContain(FIRST);
    expect(names).toContain(ALTERNATIVE);
  });

  it("fails the alternative's case by its own check when its credential goes there as another value", async () => {
    plant.on = true;
    try {
      const { code, cases } = await contract();
      expect(code).toBe(1);
      const failed = cases.filter((c) => c.status !== "passed");
      expect(failed.map((c) => c.name)).toEqual([ALTERNATIVE]);
      expect(failed[0]?.message).toContain("alternative 1's request does not carry its credential at body:auth/hash");
    } finally {
      plant.on = false;
    }
  });

  it("is sent at the nested place by the package's typed client, the caller's body left as it was", async () => {
    const KEY = "zq-deep-key-0000000000000001";
    const pkg = (await import(join(dir, "generated/zqdeep/index.js"))) as {
      createZqdeepClient: (options: { credential: string; baseUrl: string }) => {
        POST: (path: string, init: { body: unknown }) => Promise<{ response: Response }>;
      };
    };
    const upstream = await server(() => ({ status: 200, body: JSON.stringify({ result: "made" }) }));
    try {
      const client = pkg.createZqdeepClient({ credential: KEY, baseUrl: upstream.url });
      const given = { text: "zq", auth: {} };
      await client.POST("/zq/font", { body: given });
      const [sent] = upstream.received;
      expect(new URL(sent?.url ?? "", upstream.url).searchParams.getAll("key")).toEqual([KEY]);
      expect(JSON.parse(sent?.body ?? "")).toEqual({ text: "zq", auth: { hash: KEY } });
      expect(given).toEqual({ text: "zq", auth: {} });
    } finally {
      await upstream.close();
    }
  });
});
