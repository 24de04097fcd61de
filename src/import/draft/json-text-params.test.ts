// A header or query parameter of an object or list schema, declared without `content`, whose words say its value is
// JSON text: OpenAPI's style wrote it as `+and,…` (a header) or as pairs (a query), which such a service does not
// parse. add's cut describes it by `content: application/json`, with a note quoting the words; the call sends its JSON
// text (a query's percent-encoded), and the mock's request judge takes it. A parameter whose words say nothing of JSON
// keeps its style.
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { failedCases } from "../__fixtures__/draft-cases.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const filterSchema = {
  oneOf: [
    { title: "Simple filter", type: "object" },
    {
      type: "object",
      additionalProperties: false,
      properties: { "+and": { type: "array", maxItems: 4, items: { type: "object" } } },
    },
  ],
};
const doc = openapi(
  {
    "/zqwidgets": {
      get: {
        operationId: "listZqwidgets",
        parameters: [
          {
            name: "X-Zqfilter",
            in: "header",
            description: "Specifies a JSON object to filter down the results. See the guide.",
            schema: filterSchema,
          },
          { $ref: "#/components/parameters/zqwhere" },
          {
            name: "zqrange",
            in: "query",
            description: "The lower and upper bounds.",
            schema: { type: "array", maxItems: 2, items: { type: "integer", maximum: 1000 } },
          },
        ],
        responses: { "200": reply({ type: "array", items: { type: "object" } }, []) },
      },
    },
  },
  {
    parameters: {
      zqwhere: {
        name: "zqwhere",
        in: "query",
        description: "Conditions, formatted as JSON.",
        schema: { type: "object", additionalProperties: { type: "integer", maximum: 1000 } },
      },
    },
  },
);

/** A loopback server that records each request's target and headers, answering an empty list. */
async function recorder(): Promise<{ base: string; seen: IncomingMessage[]; close: () => Promise<void> }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    res.writeHead(200, { "content-type": "application/json" }).end("[]");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise((done) => server.close(() => done())) };
}

describe("a header or query parameter whose words say JSON text", () => {
  const d = drafted(doc, ["listZqwidgets"], "zqq");

  it("is described by content application/json in the cut, with a note quoting its words", async () => {
    const cut = parse(d.openapiText);
    expect(cut.paths["/zqwidgets"].get.parameters[0]).toEqual({
      name: "X-Zqfilter",
      in: "header",
      description: "Specifies a JSON object to filter down the results. See the guide.",
      content: { "application/json": { schema: filterSchema } },
    });
    expect(cut.components.parameters.zqwhere.content["application/json"].schema.type).toBe("object");
    expect(cut.paths["/zqwidgets"].get.parameters[2].schema.type).toBe("array");
    const notes = notesAt(d, "openapi").join("\n");
    expect(notes).toContain('header parameter "X-Zqfilter"');
    expect(notes).toContain('("Specifies a JSON object to filter down the results.")');
    expect(notes).toContain('query parameter "zqwhere"');
    expect(notes).toContain('("Conditions, formatted as JSON.")');
    expect(notes).not.toContain("zqrange");
    expect(await linkProblems(d, "zqq")).toEqual([]);
  });

  it("sends the header's JSON text as it is, the query's percent-encoded; a plain list keeps its style", async () => {
    const tool = (await linkedTools(d, "zqq")).find((t) => t.id.endsWith("list_zqwidgets"));
    const server = await recorder();
    try {
      const filter = { "+and": [{ zq_kind: "quill" }, { zq_size: "small" }] };
      const result = await executeToolDefinition(
        tool!,
        { xZqfilter: filter, zqwhere: { zqmin: 3 }, zqrange: [1, 9], accessToken: "zq-token-0001" },
        { baseUrl: server.base, retries: 0 },
      );
      expect(result).toMatchObject({ success: true });
      const [req] = server.seen;
      expect(req?.headers["x-zqfilter"]).toBe(JSON.stringify(filter));
      const target = new URL(req?.url ?? "", server.base);
      expect(target.search).toContain(`zqwhere=${encodeURIComponent('{"zqmin":3}')}`);
      expect(target.searchParams.getAll("zqrange")).toEqual(["1", "9"]);
    } finally {
      await server.close();
    }
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqq");
    expect(ids.length).toBeGreaterThan(1);
    expect(failed).toEqual([]);
  });
});

describe("a header of objects whose words say nothing of JSON", () => {
  const plain = openapi({
    "/zqthings": {
      get: {
        operationId: "listZqthings",
        parameters: [{ name: "X-Zqpick", in: "header", description: "What to pick.", schema: filterSchema }],
        responses: { "200": reply({ type: "array", items: { type: "object" } }, []) },
      },
    },
  });

  it("keeps its schema, written in its style", () => {
    const d = drafted(plain, ["listZqthings"], "zqq");
    const [header] = parse(d.openapiText).paths["/zqthings"].get.parameters;
    expect(header).toMatchObject({ name: "X-Zqpick", schema: filterSchema });
    expect(header.content).toBeUndefined();
    expect(notesAt(d, "openapi").join("\n")).not.toContain("X-Zqpick");
  });
});
