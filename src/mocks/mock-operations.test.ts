// The operations a mock serves, made without Prism's dereference: a densely
// linked document gives operations that grow with its schemas (each bundled
// once), its mock answers, and Prism still checks what it reads without its
// bundle (a form body's fields behind `$ref`s).
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { denseDocument } from "../../test-support/documents/dense-document.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { prismOperations, type PrismSteps } from "./mock-operations.js";
import { startMocks } from "./mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const prism = createRequire(import.meta.url)("../vendor/prism.cjs") as PrismSteps;
const work = mkdtempSync(join(runScratch(), "blockwright-mock-ops-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A specs folder holding one provider with this document (JSON is YAML). */
function specs(provider: string, document: object): string {
  const dir = join(work, provider, "specs");
  mkdirSync(join(dir, provider), { recursive: true });
  writeFileSync(join(dir, provider, "openapi.yaml"), JSON.stringify(document, null, 1));
  return dir;
}

describe("Prism's operations of a densely linked document", () => {
  it("bundle each schema once, so they grow with the document (Prism's dereference walked every path: hours)", () => {
    const size = (count: number) => {
      const [operation] = prismOperations(denseDocument(count), prism) as { __bundled__?: object }[];
      expect(Object.keys(operation?.__bundled__ ?? {}).sort()).toEqual(
        Array.from({ length: count }, (_, i) => `Node${i}`).sort(),
      );
      return JSON.stringify(operation).length;
    };
    expect(size(120) / size(60)).toBeLessThan(2.2);
  });

  it("leave the document it was given as it was", () => {
    const document = denseDocument(10);
    const before = JSON.stringify(document);
    prismOperations(document, prism);
    expect(JSON.stringify(document)).toBe(before);
  });

  it("serve a mock that answers from the schemas, cycles included", async () => {
    const mocks = await startMocks(["dense"], { specsDir: specs("dense", denseDocument(60)) });
    try {
      const reply = await fetch(`${mocks.urls.dense}/nodes/abc`, { headers: { authorization: "Bearer token-1" } });
      expect(reply.status).toBe(200);
      expect(await reply.json()).toMatchObject({ id: expect.any(String) });
    } finally {
      await mocks.close();
    }
  });
});

describe("a form body whose fields are behind $refs", () => {
  const document = openapi(
    {
      "/orders": {
        post: {
          operationId: "createOrder",
          requestBody: {
            required: true,
            content: { "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/OrderForm" } } },
          },
          responses: {
            "200": {
              description: "Made.",
              content: { "application/json": { schema: { type: "object" }, example: { ok: true } } },
            },
          },
        },
      },
    },
    {
      schemas: {
        OrderForm: {
          type: "object",
          required: ["count"],
          properties: { count: { $ref: "#/components/schemas/Count" }, note: { $ref: "#/components/schemas/Note" } },
        },
        Count: { type: "integer", minimum: 1 },
        Note: { type: "string", maxLength: 5 },
      },
    },
  );

  it("is read and checked by the mock as the schemas it names say", async () => {
    const mocks = await startMocks(["forms"], { specsDir: specs("forms", document) });
    const post = (body: string) =>
      fetch(`${mocks.urls.forms}/orders`, {
        method: "POST",
        headers: { authorization: "Bearer token-1", "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    try {
      expect((await post("count=3&note=hello")).status).toBe(200);
      const wrong = await post("count=zero");
      expect(wrong.status).toBe(422);
      // The mock's request judge refuses it before Prism, with the schema's words.
      expect(JSON.parse(await wrong.text())).toMatchObject({
        refusals: [
          { rule: "schema", pointer: "/body/count", message: expect.stringContaining("/count must be integer") },
        ],
      });
      expect(JSON.parse(await (await post("count=3&note=too%20long")).text())).toMatchObject({
        refusals: [{ rule: "schema", pointer: "/body/note" }],
      });
      expect((await post("note=hi")).status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});

/** How many functions `new Function` makes while `work` runs: Ajv makes one for each schema it compiles. */
async function functionsMade(work: () => Promise<void>): Promise<number> {
  const original = globalThis.Function;
  let made = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args, newTarget) {
      made++;
      return Reflect.construct(target, args, newTarget === globalThis.Function ? target : newTarget);
    },
  });
  try {
    await work();
  } finally {
    globalThis.Function = original;
  }
  return made;
}

describe("a mock whose operations reach the same bundled schemas", () => {
  // OPERATIONS operations, each taking and answering a schema of its own holding the first of a chain of LINKS
  // schemas (each one's `next` the following one's): every request and answer Prism checks reaches all of them.
  const OPERATIONS = 8;
  const LINKS = 12;
  const link = (i: number) => ({ $ref: `#/components/schemas/ZqLink${i}` });
  const schemas = Object.fromEntries(
    Array.from({ length: LINKS }, (_, i) => [
      `ZqLink${i}`,
      {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string", maxLength: 20 }, ...(i + 1 < LINKS ? { next: link(i + 1) } : {}) },
      },
    ]),
  );
  const holding = () => ({ type: "object", required: ["chain"], properties: { chain: link(0) } });
  const paths = Object.fromEntries(
    Array.from({ length: OPERATIONS }, (_, i) => [
      `/zq-chains/${i}`,
      {
        put: {
          operationId: `putChain${i}`,
          requestBody: { required: true, content: { "application/json": { schema: holding() } } },
          responses: {
            "200": {
              description: "Kept.",
              content: { "application/json": { schema: holding(), example: { chain: { name: "kept" } } } },
            },
          },
        },
      },
    ]),
  );
  const document = openapi(paths, { schemas });

  it("compiles each once, not once for every request and answer that reaches it", async () => {
    const mocks = await startMocks(["chains"], { specsDir: specs("chains", document) });
    const put = (i: number, body: unknown) =>
      fetch(`${mocks.urls.chains}/zq-chains/${i}`, {
        method: "PUT",
        headers: { authorization: "Bearer token-1", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    try {
      const made = await functionsMade(async () => {
        for (let i = 0; i < OPERATIONS; i++) {
          const reply = await put(i, { chain: { name: "first", next: { name: "second", next: { name: "third" } } } });
          expect(reply.status, await reply.text()).toBe(200);
        }
      });
      // The chain once (twice at most: a coercing check and one that does not), and each body's and answer's own
      // schema (30 here); Prism compiled the chain again for every body and every answer that reached it (195).
      expect(made).toBeLessThan(2 * LINKS + 4 * OPERATIONS);
      // A request deep in the chain is still checked against it.
      const deep = await put(0, { chain: { name: "first", next: { name: "second", next: { name: 3 } } } });
      expect(deep.status).toBe(422);
    } finally {
      await mocks.close();
    }
  });
});
