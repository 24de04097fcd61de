// What the service answers, drafted whole: a record's scalar fields (before, a record of more than six fields
// gave only its id), a record beside the one the reply wraps (a file's `content` and the `commit` that wrote it),
// and the headers the success answer declares (the `Location` of a 201, a count of all items, a request id).
// Before, the sibling record was dropped and no header became an output.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
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

const credential = { accessToken: "zq-credential-0001" };
const file = {
  type: "object",
  properties: { name: { type: "string" }, path: { type: "string" }, sha: { type: "string" } },
};
const commit = {
  type: "object",
  description: "The commit that wrote the file.",
  properties: {
    sha: { type: "string" },
    message: { type: "string" },
    author: { type: "object", properties: { name: { type: "string" } } },
  },
};
const path = (name: string) => ({ name, in: "path", required: true, schema: { type: "string", maxLength: 100 } });

describe("a record beside the one the reply wraps", () => {
  const doc = openapi({
    "/zq-repos/{repo}/contents/{path}": {
      put: {
        operationId: "putFile",
        parameters: [path("repo"), path("path")],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["content"],
                properties: { content: { type: "string", maxLength: 1000 } },
              },
            },
          },
        },
        responses: {
          "200": reply(
            { type: "object", required: ["content", "commit"], properties: { content: file, commit } },
            {
              content: { name: "a.md", path: "a.md", sha: "f1" },
              commit: { sha: "c1", message: "m", author: { name: "n" } },
            },
          ),
        },
      },
    },
  });

  it(
    "is an output of its own beside the wrapped record's fields, with a note; it links and " + "reads the reply",
    async () => {
      const d = drafted(doc, ["putFile"]);
      const outputs = d.manifest.operations.acme_put_file!.outputs;
      expect(outputs.data?.from).toBe("$response.body#/content");
      expect(outputs["metadata.commit"]).toEqual({
        type: "json",
        from: "$response.body#/commit",
        description: "The commit that wrote the file.",
      });
      expect(notesAt(d, "operations.acme_put_file.outputs")).toContainEqual(
        expect.stringMatching(
          new RegExp(
            String.raw`wraps its record in content: outputs read from inside it; the record beside it \(commit\) ` +
              "drafted as an output of its own$",
          ),
        ),
      );
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      const { fetch } = scriptedFetch(
        json(200, {
          content: { name: "a.md", path: "a.md", sha: "f1" },
          commit: { sha: "c1", message: "m", author: { name: "n" } },
        }),
      );
      const result = await executeToolDefinition(
        tool!,
        { ...credential, repo: "r", path: "a.md", content: "aGk=" },
        { baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { commit: { sha: "c1", message: "m" }, sha: "f1" } },
      });
    },
  );
});

describe("the headers a success answer declares", () => {
  const doc = openapi({
    "/zq-widgets": {
      get: {
        operationId: "listWidgets",
        responses: {
          "200": reply(
            { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
            undefined,
            {
              "X-Total-Count": { description: "How many widgets there are in all.", schema: { type: "integer" } },
              "X-Zq-Request-Id": { required: true, schema: { type: "string" } },
              "Content-Type": { schema: { type: "string" } },
              "X-RateLimit-Remaining": { schema: { type: "integer" } },
            },
          ),
        },
      },
      post: {
        operationId: "createWidget",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { type: "object", properties: { label: { type: "string", maxLength: 9 } } } },
          },
        },
        responses: {
          "201": {
            description: "Created.",
            headers: {
              Location: { description: "Where the new widget is.", schema: { type: "string", format: "uri" } },
            },
          },
        },
      },
    },
  });

  it(
    "are outputs of their schema's type, optional unless required; framing and rate-limit headers are not; it " +
      "links and reads them",
    async () => {
      const d = drafted(doc, ["listWidgets", "createWidget"]);
      const list = d.manifest.operations.acme_list_widgets!.outputs;
      expect(list["metadata.totalCount"]).toEqual({
        type: "number",
        from: "$response.header.X-Total-Count",
        optional: true,
        description: "How many widgets there are in all.",
      });
      expect(list["metadata.zqRequestId"]).toEqual({
        type: "string",
        from: "$response.header.X-Zq-Request-Id",
        description: "The X-Zq-Request-Id header of the 200 answer.",
      });
      expect(Object.values(list).map((o) => o.from)).not.toContain("$response.header.Content-Type");
      expect(Object.values(list).map((o) => o.from)).not.toContain("$response.header.X-RateLimit-Remaining");
      const create = d.manifest.operations.acme_create_widget!.outputs;
      expect(create["metadata.location"]).toEqual({
        type: "string",
        from: "$response.header.Location",
        optional: true,
        description: "Where the new widget is.",
      });
      expect(notesAt(d, "operations.acme_create_widget.outputs")).toContainEqual(
        "the success answer declares the header Location: drafted as output (text)",
      );
      expect(await linkProblems(d)).toEqual([]);
      const tool = (await linkedTools(d)).find((t) => t.operationId === "createWidget");
      const { fetch } = scriptedFetch(
        new Response(null, { status: 201, headers: { location: "https://api.acme.test/zq-widgets/w9" } }),
      );
      const result = await executeToolDefinition(
        tool!,
        { ...credential, label: "a" },
        { baseUrl: "http://127.0.0.1:9", fetch },
      );
      expect(result).toMatchObject({
        success: true,
        output: { metadata: { location: "https://api.acme.test/zq-widgets/w9", status: 201 } },
      });
      expect(notesAt(d, "operations.acme_list_widgets.outputs")).toContainEqual(
        "the success answer declares the headers X-Total-Count, X-Zq-Request-Id: drafted as outputs of the types " +
          "the document gives them (a number or boolean read from its text)",
      );
    },
  );

  it("an integer header is read as a number from its text; a text that is none fails the call, naming it", async () => {
    const d = drafted(doc, ["listWidgets"]);
    const [tool] = await linkedTools(d);
    const answer = (total: string) =>
      new Response("[]", {
        status: 200,
        headers: { "content-type": "application/json", "x-total-count": total, "x-zq-request-id": "r1" },
      });
    const call = (total: string) =>
      executeToolDefinition(
        tool!,
        { ...credential },
        { baseUrl: "http://127.0.0.1:9", fetch: scriptedFetch(answer(total)).fetch },
      );
    expect(await call("42")).toMatchObject({
      success: true,
      output: { metadata: { totalCount: 42, zqRequestId: "r1" } },
    });
    expect(await call("many")).toMatchObject({
      success: false,
      error: {
        code: "INVALID_OUTPUT",
        details: {
          output: "metadata.totalCount",
          place: "$response.header.X-Total-Count",
          found: "string",
          value: "many",
        },
      },
    });
  });
});

describe("a record's fields", () => {
  const get = (schema: Record<string, unknown>, example?: unknown) =>
    openapi({ "/x": { get: { operationId: "getX", responses: { "200": reply(schema, example) } } } });

  it(
    "a record: the whole body, and its scalar fields (of a large one, the useful ones); a small " +
      "one, each scalar field",
    async () => {
      // Seven fields: each one (before, a record of more than six fields gave only its id).
      const seven = {
        type: "object",
        required: ["id"],
        properties: Object.fromEntries(["id", "a", "b", "c", "d", "e", "f"].map((k) => [k, { type: "string" }])),
      };
      expect(Object.keys(drafted(get(seven, { id: "1" }), ["getX"]).manifest.operations.acme_get_x!.outputs)).toEqual([
        "data",
        "metadata.id",
        "metadata.a",
        "metadata.b",
        "metadata.c",
        "metadata.d",
        "metadata.e",
        "metadata.f",
      ]);
      // Thirty: sixteen, the id and those whose names say what people look for first, then those the spec promises.
      const names = [
        "zq0",
        "zq1",
        "status",
        "zq3",
        "zq4",
        "zq5",
        "zq6",
        "zq7",
        "zq8",
        "zq9",
        "zq10",
        "zq11",
        "zq12",
        "zq13",
        "zq14",
        "zq15",
        "zq16",
        "zq17",
        "zq18",
        "zq19",
        "zq20",
        "zq21",
        "zq22",
        "zq23",
        "zq24",
        "zq25",
        "created_at",
        "zq27",
        "name",
        "id",
      ];
      const big = {
        type: "object",
        required: ["id", "zq27", "zq25"],
        properties: Object.fromEntries(names.map((k) => [k, { type: "string" }])),
      };
      const large = drafted(get(big, { id: "1", zq25: "a", zq27: "b" }), ["getX"]);
      const outputs = Object.keys(large.manifest.operations.acme_get_x!.outputs);
      expect(outputs).toHaveLength(17);
      expect(outputs.slice(0, 6)).toEqual([
        "data",
        "metadata.zq0",
        "metadata.zq1",
        "metadata.status",
        "metadata.zq3",
        "metadata.zq4",
      ]);
      expect(outputs).toEqual(
        expect.arrayContaining([
          "metadata.id",
          "metadata.name",
          "metadata.createdAt",
          "metadata.zq25",
          "metadata.zq27",
        ]),
      );
      expect(outputs).not.toContain("metadata.zq24");
      expect(notesAt(large, "operations.acme_get_x.outputs")).toContainEqual(
        expect.stringMatching(
          new RegExp(
            String.raw`^the record has 30 scalar fields: 16 drafted as outputs \(its id, those whose names say ` +
              String.raw`what people look for, those the spec promises\), the other 14 read through data`,
          ),
        ),
      );
      expect(await linkProblems(large)).toEqual([]);
      const small = drafted(
        get(
          {
            type: "object",
            properties: {
              ok: { type: "boolean", enum: [true] },
              channel: { type: "string" },
              ts: { type: "string" },
              message: { type: "object" },
            },
          },
          { ok: true },
        ),
        ["getX"],
      );
      expect(Object.keys(small.manifest.operations.acme_get_x!.outputs)).toEqual([
        "data",
        "metadata.channel",
        "metadata.ts",
      ]);
      expect(await linkProblems(small)).toEqual([]);
    },
  );
});
