// A number's and an integer's exclusive bound (OpenAPI 3.0's `minimum: 0, exclusiveMinimum: true`, `maximum: 10,
// exclusiveMaximum: true`; 3.1's `exclusiveMaximum: 1`): the IR keeps a number's as exclusive (`exclusiveMinimum: 0`,
// no "next double" minimum), an integer's as the whole number inside it (`maximum: 9`); the runtime refuses a value at
// the bound, before any request, naming the rule, and sends one just past it; the model's input schema carries the
// bound as JSON Schema 2020-12 writes it; `blockwright test`'s limit cases say the same.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { executeToolDefinition, inputSchema } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import { deriveCases } from "../derive.js";

const work = mkdtempSync(join(runScratch(), "blockwright-limit-exclusive-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqranges", {
  "/zqranges": {
    get: {
      operationId: "listZqranges",
      parameters: [
        { name: "zqratio", in: "query", schema: { type: "number", minimum: 0, exclusiveMinimum: true } },
        { name: "zqcount", in: "query", schema: { type: "integer", maximum: 10, exclusiveMaximum: true } },
      ],
      responses: { "204": { description: "none" } },
    },
  },
});
const manifest = keyedManifest(
  "zqranges",
  `  zqranges_list:
    operationId: listZqranges
    title: List ranges
    description: List ranges.
    params:
      zqratio:
        type: number
        description: The ratio.
        limitsFromSpec: true
        wire: { in: query }
      zqcount:
        type: number
        integer: true
        description: The count.
        limitsFromSpec: true
        wire: { in: query }
    outputs: {}
`,
);
const { linked, tool } = await linkedTool(work, "zqranges", openapi, manifest, "zqranges_list");
// OpenAPI 3.1's numeric form, of a number.
const { linked: linked31, tool: tool31 } = await linkedTool(
  work,
  "zqfractions",
  {
    ...keyedDocument("zqfractions", {
      "/zqfractions": {
        get: {
          operationId: "listZqfractions",
          parameters: [
            { name: "zqshare", in: "query", schema: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 } },
          ],
          responses: { "204": { description: "none" } },
        },
      },
    }),
    openapi: "3.1.0",
  },
  keyedManifest(
    "zqfractions",
    `  zqfractions_list:
    operationId: listZqfractions
    title: List fractions
    description: List fractions.
    params:
      zqshare:
        type: number
        description: The share.
        limitsFromSpec: true
        wire: { in: query }
    outputs: {}
`,
  ),
  "zqfractions_list",
);
const cases = deriveCases({ provider: "zqranges", tools: [tool], document: linked.document });

/** A loopback server answering every request 204, counting them: the limit cases at a bound send theirs here. */
let requests = 0;
const server = createServer((_request, response) => {
  requests++;
  response.writeHead(204).end();
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function called(
  input: Record<string, unknown>,
  on = tool,
): Promise<{ rule?: string; message?: string; sent: number }> {
  const before = requests;
  const result = await executeToolDefinition(on, { apiKey: "zq-key-0123456789", ...input }, { baseUrl: base });
  const error = result.success ? {} : ((result as { error?: { rule?: string; message?: string } }).error ?? {});
  return { rule: error.rule, message: error.message, sent: requests - before };
}

const bounds = (p: object | undefined) =>
  Object.fromEntries(
    Object.entries(p ?? {}).filter(([k]) => ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].includes(k)),
  );

describe("an exclusive bound of a number and of an integer", () => {
  it("is kept exclusive in the IR for a number (both OpenAPI forms), the whole number inside it for an integer", () => {
    const param = (t: typeof tool, name: string) => t.params.find((p) => p.name === name);
    expect(bounds(param(tool, "zqratio"))).toEqual({ exclusiveMinimum: 0 });
    expect(bounds(param(tool, "zqcount"))).toEqual({ maximum: 9 });
    expect(bounds(param(tool31, "zqshare"))).toEqual({ exclusiveMinimum: 0, exclusiveMaximum: 1 });
  });

  it("is in the model's input schema as JSON Schema 2020-12 writes it", () => {
    expect(bounds(inputSchema(tool31).properties.zqshare)).toEqual({ exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(bounds(inputSchema(tool).properties.zqcount)).toEqual({ maximum: 9 });
  });

  it("refuses a value at the bound before any request, and sends one just past it", async () => {
    expect(await called({ zqratio: 0 })).toEqual({
      rule: "exclusiveMinimum",
      message: "zqratio: must be greater than 0, got 0",
      sent: 0,
    });
    expect(await called({ zqratio: Number.MIN_VALUE })).toMatchObject({ sent: 1 });
    expect(await called({ zqratio: -0.5 })).toEqual({
      rule: "exclusiveMinimum",
      message: "zqratio: must be greater than 0, got -0.5",
      sent: 0,
    });
    expect(await called({ zqshare: 1 }, tool31)).toEqual({
      rule: "exclusiveMaximum",
      message: "zqshare: must be less than 1 (allowed: greater than 0, less than 1), got 1",
      sent: 0,
    });
    expect(await called({ zqshare: 0.5 }, tool31)).toMatchObject({ sent: 1 });
    expect(await called({ zqcount: 10 })).toMatchObject({ rule: "maximum", sent: 0 });
    expect(await called({ zqcount: 9 })).toMatchObject({ sent: 1 });
  });

  it("is what blockwright test's limit cases hold: just past sent, at the bound refused", async () => {
    const limits = cases.filter((c) => c.kind === "limit" && /^zq(ratio|count) (exclusiveM|m)/.test(c.name));
    expect(limits).toHaveLength(4);
    const before = requests;
    for (const c of limits) await c.run({ mockUrl: () => base, seed: 3, runs: 1 });
    expect(requests - before).toBe(2);
  });

  it("holds its property cases: values drawn inside the bounds sent, those at or past them refused", async () => {
    const all = [
      ...cases,
      ...deriveCases({ provider: "zqfractions", tools: [tool31], document: linked31.document }),
    ].filter((c) => c.kind === "property");
    expect(all).toHaveLength(4);
    const before = requests;
    for (const c of all) await c.run({ mockUrl: () => base, seed: 7, runs: 50 });
    expect(requests - before).toBeGreaterThanOrEqual(50);
  });
});
