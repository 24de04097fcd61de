// One credential, two places, end to end (issue 59): a document whose API key goes in the query (`key`) and whose
// operations require it again as a body field of the same name, a JSON field and a multipart part. `add` drafts it as
// auth.alsoSends, `generate` writes the package, and `blockwright test` runs the contract case that checks both
// places on the Prism mock: it passes, and it fails for the right reason once a mistake is planted in the runtime
// (the second place skipped: the mock refuses the body; the second place given another value: the mock takes it, and
// only the case's own check, credentialAt, finds the credential missing there).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type PlantedRuntime, plantedRuntimeProject } from "../../test-support/cli/planted-runtime.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import type { CaseResult } from "../contract/run.js";

/** The mistake planted in the runtime's placer (build-request.ts placeAt) of the credential's other places. */
const plant = vi.hoisted(() => ({ second: "sent" as "sent" | "skipped" | "other", credential: "" }));
vi.mock("../../runtime/call/build-request.js", async (original) => {
  const real = await original<typeof import("../../runtime/call/build-request.js")>();
  return {
    ...real,
    placeAt: (...args: Parameters<typeof real.placeAt>) => {
      const [wire, at, value, bodies] = args;
      if (plant.second === "sent" || value !== plant.credential) return real.placeAt(...args);
      if (plant.second === "other") real.placeAt(wire, at, "zq-not-the-key-0000000001", bodies);
    },
  };
});

const tmp = mkdtempSync(join(runScratch(), "blockwright-also-sends-"));
let dir: string;

const spun = {
  description: "Spun.",
  content: {
    "application/json": {
      schema: { type: "object", properties: { result: { type: "string", maxLength: 200 } } },
      example: { result: "spun" },
    },
  },
};
const body = (type: string) => ({
  required: true,
  content: {
    [type]: {
      schema: {
        type: "object",
        required: ["key", "text"],
        properties: {
          key: { type: "string", maxLength: 256, description: "Your API key." },
          text: { type: "string", maxLength: 200 },
        },
      },
    },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zq Twice", version: "1", description: "Zq spins texts with a key it asks for twice." },
  servers: [{ url: "https://zqtwice.example/api" }],
  paths: {
    "/zq/spin": {
      post: {
        operationId: "spinZqPart",
        summary: "Spin a part",
        requestBody: body("multipart/form-data"),
        responses: { "200": spun },
      },
    },
    "/zq/spin.json": {
      post: {
        operationId: "spinZqJson",
        summary: "Spin JSON",
        requestBody: body("application/json"),
        responses: { "200": spun },
      },
    },
    "/zq/account": { get: { operationId: "getZqAccount", summary: "Account", responses: { "200": spun } } },
  },
  components: { securitySchemes: { zqKey: { type: "apiKey", in: "query", name: "key" } } },
  security: [{ zqKey: [] }],
};

let planted: PlantedRuntime;

beforeAll(async () => {
  dir = join(tmp, "project");
  planted = await plantedRuntimeProject(dir);
  plant.credential = planted.credential;
  writeFileSync(join(tmp, "zqtwice.json"), JSON.stringify(document));
  const added = await planted.cli(["add", "zqtwice", "--from", join(tmp, "zqtwice.json"), "--operations", "all"], {
    cwd: dir,
  });
  expect(added.code, added.stderr).toBe(0);
  const generated = await planted.cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SPINS = ["zqtwice_spin_zq_json", "zqtwice_spin_zq_part"];

const contract = () => planted.contract("zqtwice");
const bothPlaces = (c: CaseResult) => c.name.includes("(auth.alsoSends)");

describe("auth.alsoSends through add, generate and test on a fresh project", () => {
  it("is drafted for the JSON field and the multipart part, one secret input bounded by the field's length", () => {
    const manifest = readFileSync(join(dir, "specs/zqtwice/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/alsoSends:\n\s+- in: body\n\s+name: key\n/);
    expect(manifest.match(/secret: true/g)).toHaveLength(1);
    // The key's length bounded by the field's (a longer one, the limit case's, is refused in the body).
    expect(manifest).toMatch(/\n {2}apiKey:\n(?: {4}.*\n)*? {4}maxLength: 256\n/);
    expect(manifest.replace(/\n\s*#\s+/g, " ")).toContain("maxLength 256: the document's own for body key");
  });

  it("passes the case that checks both places, for each operation that declares the field", async () => {
    plant.second = "sent";
    const { code, cases } = await contract();
    expect(code, JSON.stringify(cases.filter((c) => c.status !== "passed"))).toBe(0);
    const checked = cases.filter(bothPlaces);
    expect(checked.map((c) => c.operation).sort()).toEqual(SPINS);
    expect(checked.map((c) => c.name)).toEqual(
      SPINS.map(() => "the credential goes where its scheme puts it and to body:key (auth.alsoSends)"),
    );
    expect(checked.every((c) => c.status === "passed")).toBe(true);
  });

  it("fails it when the runtime skips the second place", async () => {
    plant.second = "skipped";
    try {
      const { code, cases } = await contract();
      expect(code).toBe(1);
      const checked = cases.filter(bothPlaces);
      expect(checked).toHaveLength(2);
      for (const c of checked) expect(c.status, c.operation).toBe("failed");
    } finally {
      plant.second = "sent";
    }
  });

  it("fails it by its own check when the runtime sends another value there, which the mock takes", async () => {
    plant.second = "other";
    try {
      const { code, cases } = await contract();
      expect(code).toBe(1);
      const failed = cases.filter((c) => c.status !== "passed");
      expect(failed.length).toBeGreaterThan(0);
      for (const c of failed) {
        expect(bothPlaces(c), c.name).toBe(true);
        expect(c.message).toContain("the request does not carry the credential at body:key");
      }
      expect(failed.map((c) => c.operation).sort()).toEqual(SPINS);
    } finally {
      plant.second = "sent";
    }
  });

  it("is sent at both places by the package's typed client and its executeTool, withheld from results", async () => {
    const KEY = "zq-twice-key-0000000000000001";
    const pkg = (await import(join(dir, "generated/zqtwice/index.js"))) as {
      createZqtwiceClient: (options: { credential: string; baseUrl: string }) => {
        POST: (path: string, init: { body: unknown }) => Promise<{ response: Response }>;
      };
      executeTool: (id: string, params: Record<string, unknown>, options: { baseUrl: string }) => Promise<unknown>;
    };
    // A loopback recorder that echoes the body it received in a refusal.
    const upstream = await server((req) => ({ status: 400, body: JSON.stringify({ message: `refused ${req.body}` }) }));
    try {
      const client = pkg.createZqtwiceClient({ credential: KEY, baseUrl: upstream.url });
      const given = { text: "zq text" };
      await client.POST("/zq/spin.json", { body: given });
      const part = new FormData();
      part.set("text", "zq text");
      await client.POST("/zq/spin", { body: part });
      const [json, multipart] = upstream.received;
      expect(new URL(json?.url ?? "", upstream.url).searchParams.getAll("key")).toEqual([KEY]);
      expect(JSON.parse(json?.body ?? "")).toEqual({ text: "zq text", key: KEY });
      expect(given).toEqual({ text: "zq text" }); // the caller's body left as it was
      expect(new URL(multipart?.url ?? "", upstream.url).searchParams.getAll("key")).toEqual([KEY]);
      expect(multipart?.body).toMatch(new RegExp(`; name="key"\\r\\n\\r\\n${KEY}\\r\\n`));
      expect(multipart?.body).toContain("zq text");
      expect(part.has("key")).toBe(false);

      for (const id of SPINS) {
        const result = await pkg.executeTool(id, { apiKey: KEY, text: "zq text" }, { baseUrl: upstream.url });
        const sent = upstream.received.at(-1);
        expect(new URL(sent?.url ?? "", upstream.url).searchParams.getAll("key"), id).toEqual([KEY]);
        expect(sent?.body, id).toContain(KEY);
        expect(JSON.stringify(result), id).toContain("refused");
        expect(JSON.stringify(result), id).not.toContain(KEY);
      }
    } finally {
      await upstream.close();
    }
  });
});
