// A number's and an integer's exclusive bound (OpenAPI 3.0's `minimum: 0, exclusiveMinimum: true`, `maximum: 10,
// exclusiveMaximum: true`): the runtime refuses a value at the bound, before any request, and sends one just past it
// (the next double for a number, the next whole number for an integer); `blockwright test`'s limit cases say the same.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime/internal";
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

async function called(input: Record<string, unknown>): Promise<{ rule?: string; message?: string; sent: number }> {
  const before = requests;
  const result = await executeToolDefinition(tool, { apiKey: "zq-key-0123456789", ...input }, { baseUrl: base });
  const error = result.success ? {} : ((result as { error?: { rule?: string; message?: string } }).error ?? {});
  return { rule: error.rule, message: error.message, sent: requests - before };
}

describe("an exclusive bound of a number and of an integer", () => {
  it("refuses a value at the bound before any request, and sends one just past it", async () => {
    expect(await called({ zqratio: 0 })).toEqual({
      rule: "exclusiveMinimum",
      message: "zqratio: must be greater than 0, got 0",
      sent: 0,
    });
    expect(await called({ zqratio: Number.MIN_VALUE })).toMatchObject({ sent: 1 });
    expect(await called({ zqcount: 10 })).toMatchObject({ rule: "maximum", sent: 0 });
    expect(await called({ zqcount: 9 })).toMatchObject({ sent: 1 });
  });

  it("is what blockwright test's limit cases hold: just past sent, at the bound refused", async () => {
    const limits = cases.filter((c) => c.kind === "limit" && /^zq(ratio|count) m/.test(c.name));
    expect(limits).toHaveLength(4);
    const before = requests;
    for (const c of limits) await c.run({ mockUrl: () => base, seed: 3, runs: 1 });
    expect(requests - before).toBe(2);
  });
});
