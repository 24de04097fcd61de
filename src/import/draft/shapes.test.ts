// Drafts that need no edit (issue 29), each shape on a small document of the
// tests' own (zqshelf): required bodies, operator parameter names, stream
// flags, titles and plain descriptions, the document's own gaps — and each
// draft links as generate links it (paging and envelopes: paging-shapes.test.ts,
// reply-shape.test.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, fullSupport } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";
import { plainText, titleText } from "../plain-text.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };
const listShelves = (params: Json[], schema: Json, example: unknown): Json => ({
  "/zqshelves": {
    get: {
      operationId: "listShelves",
      summary: "List shelves",
      parameters: params,
      responses: { "200": reply(schema, example) },
    },
  },
});
const paging = (doc: Json) => drafted(doc, ["listShelves"], "zqshelf");
const op = (d: ReturnType<typeof paging>, id = "zqshelf_list_shelves") => d.manifest.operations[id]!;

describe("parameters", () => {
  it("a required body of one field its schema does not require (an envelope): the field required", async () => {
    const body = {
      type: "object",
      properties: { data: { type: "object", properties: { name: { type: "string", maxLength: 50 } } } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          summary: "Create a shelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(d.manifest.operations.zqshelf_create_shelf!.params!.data).toMatchObject({ type: "json", required: true });
    expect(notesAt(d, "operations.zqshelf_create_shelf.params")).toEqual([
      "the request body is required and has one field, data, which its schema does not list as required: drafted " +
        "required",
    ]);
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a required body whose fields are all optional: an empty body goes when a call gives none of them", async () => {
    const body = {
      type: "object",
      properties: { name: { type: "string", maxLength: 50 }, topic: { type: "string", maxLength: 50 } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(notesAt(d, "operations.zqshelf_create_shelf.params")).toEqual([
      "the request body is required, but its schema requires none of its fields: a call that gives none of them " +
        "sends an empty body ({})",
    ]);
    const [tool] = await linkedTools(d, "zqshelf");
    expect(tool!.body).toEqual({ mediaType: "application/json", encoding: "json", required: true });
    const { fetch, seen } = scriptedFetch(json(201, { id: "s1" }));
    await executeToolDefinition(tool!, { accessToken: "zq-token-0001" }, { fetch });
    expect(seen.map((s) => [s.body, s.headers.get("content-type")])).toEqual([["{}", "application/json"]]);
    await executeToolDefinition(tool!, { accessToken: "zq-token-0001", name: "Poetry" }, { fetch });
    expect(seen[1]!.body).toBe('{"name":"Poetry"}');
  });

  it(
    "operators at the end of a name (DateAdded<, DateAdded>, Size>=) become words, each " +
      "description saying its bound",
    async () => {
      const date = { type: "string", format: "date-time" };
      const params = ["DateAdded", "DateAdded<", "DateAdded>", "Size>=", "Size<="].map((name) => ({
        name,
        in: "query",
        description: "Filter by when the shelf was added.",
        schema: name.startsWith("Size") ? { type: "integer" } : date,
      }));
      const d = paging(openapi(listShelves(params, { type: "array", items: shelf }, undefined)));
      const drafted_ = op(d).params!;
      expect(Object.keys(drafted_)).toEqual([
        "DateAdded",
        "dateAddedBefore",
        "dateAddedAfter",
        "sizeOnOrAfter",
        "sizeOnOrBefore",
      ]);
      expect(drafted_.dateAddedBefore).toMatchObject({
        description: "Upper bound (sent as DateAdded<). Filter by when the shelf was added.",
        wire: { in: "query", name: "DateAdded<" },
      });
      expect(drafted_.dateAddedAfter).toMatchObject({
        description: "Lower bound (sent as DateAdded>). Filter by when the shelf was added.",
        wire: { in: "query", name: "DateAdded>" },
      });
      expect(drafted_.sizeOnOrAfter!.description).toBe(
        "Lower bound, inclusive (sent as Size>=). Filter by when the shelf was added.",
      );
      expect(await linkProblems(d, "zqshelf")).toEqual([]);
    },
  );

  it("a json array keeps the schema's minItems and maxItems", async () => {
    const body = {
      type: "object",
      required: ["book_ids"],
      properties: { book_ids: { type: "array", minItems: 1, maxItems: 50, items: { type: "string", maxLength: 20 } } },
    };
    const doc = openapi({
      "/zqshelves": {
        post: {
          operationId: "createShelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "201": reply(shelf) },
        },
      },
    });
    const d = drafted(doc, ["createShelf"], "zqshelf");
    expect(d.manifest.operations.zqshelf_create_shelf!.params!.book_ids).toMatchObject({
      type: "json",
      jsonType: "array",
      required: true,
      minItems: 1,
      maxItems: 50,
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("the stream flag of an operation that can answer server-sent events is left out, with a note", async () => {
    const body = {
      type: "object",
      required: ["prompt"],
      properties: {
        prompt: { type: "string", maxLength: 1000 },
        stream: { type: "boolean", nullable: true, default: false },
      },
    };
    const answers = {
      description: "The reply.",
      content: { "application/json": { schema: shelf }, "text/event-stream": { schema: { type: "string" } } },
    };
    const doc = openapi({
      "/zqshelves/suggest": {
        post: {
          operationId: "suggestShelf",
          summary: "Suggest a shelf",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": answers },
        },
      },
    });
    const d = drafted(doc, ["suggestShelf"], "zqshelf");
    expect(Object.keys(d.manifest.operations.zqshelf_suggest_shelf!.params!)).toEqual(["prompt"]);
    expect(notesAt(d, "operations.zqshelf_suggest_shelf")).toContain(
      "stream is left out: true makes the upstream answer a stream of server-sent events (text/event-stream), " +
        "which a JSON tool does not read; without it the answer is JSON",
    );
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it(
    "an operation answering JSON or server-sent events asks for the JSON with its own Accept, " +
      "and a download beside it keeps its file's types",
    async () => {
      const answers = {
        description: "The reply.",
        content: { "application/json": { schema: shelf }, "text/event-stream": { schema: { type: "string" } } },
      };
      const file = {
        description: "The cover.",
        content: { "image/png": { schema: { type: "string", format: "binary" } } },
      };
      const doc = openapi({
        "/zqshelves/suggest": {
          post: {
            operationId: "suggestShelf",
            summary: "Suggest a shelf",
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: { type: "object", properties: { prompt: { type: "string" } } } },
              },
            },
            responses: { "200": answers },
          },
        },
        "/zqshelves/cover": { get: { operationId: "getCover", summary: "Get the cover", responses: { "200": file } } },
      });
      const d = drafted(doc, ["suggestShelf", "getCover"], "zqshelf");
      const tools = await linkedTools(d, "zqshelf");
      const { fetch, seen } = scriptedFetch(
        json(200, { id: "s1" }),
        new Response(new Uint8Array([137, 80]), { status: 200, headers: { "content-type": "image/png" } }),
      );
      const call = (id: string, input: Record<string, unknown>) =>
        executeToolDefinition(
          tools.find((t) => t.id === id)!,
          { accessToken: "zq-token-0001", ...input },
          { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
        );
      expect((await call("zqshelf_suggest_shelf", { prompt: "a" })).success).toBe(true);
      expect((await call("zqshelf_get_cover", {})).success).toBe(true);
      expect(seen.map((r) => r.headers.get("accept"))).toEqual([
        "application/json",
        "image/png, application/json;q=0.5",
      ]);
      expect(d.manifest.constants).toBeUndefined();
    },
  );

  it("a stream flag of an operation that answers JSON only is a parameter like any other", () => {
    const body = { type: "object", properties: { stream: { type: "boolean" } } };
    const doc = openapi({
      "/zqshelves/watch": {
        post: {
          operationId: "watchShelf",
          requestBody: { content: { "application/json": { schema: body } } },
          responses: { "200": reply(shelf) },
        },
      },
    });
    expect(drafted(doc, ["watchShelf"], "zqshelf").manifest.operations.zqshelf_watch_shelf!.params).toHaveProperty(
      "stream",
    );
  });
});

describe("titles and descriptions", () => {
  const described = (summary: string | undefined, description?: string) =>
    drafted(
      openapi({
        "/zqshelves": {
          post: {
            operationId: "createShelf",
            ...(summary ? { summary } : {}),
            ...(description ? { description } : {}),
            responses: { "201": reply(shelf) },
          },
        },
      }),
      ["createShelf"],
      "zqshelf",
    ).manifest.operations.zqshelf_create_shelf!;

  it("the title is a one-sentence summary, its full stop dropped", () => {
    expect(described("Creates a shelf.").title).toBe("Creates a shelf");
  });

  it(
    "a summary that is a paragraph or a teaser gives way to the operationId's words; the " +
      "description is plain text",
    () => {
      const teaser =
        "**Starting a new shelf?** We recommend trying [Racks](/docs/racks) first. --- Creates a shelf for the " +
        "given books.";
      const o = described(teaser);
      expect(o.title).toBe("Create shelf");
      expect(o.description).toBe(
        "Starting a new shelf? We recommend trying Racks first. Creates a shelf for the given books.",
      );
    },
  );

  it("Markdown and HTML go, comparisons stay", () => {
    expect(
      plainText(
        '# Shelves\n\n- Use `zq_id` for __one__ shelf; *see* [the guide](https://zq.test/g "Guide").\n- ' +
          "`<=YYYY-MM-DD` finds older ones, <b>a < b</b>.",
      ),
    ).toBe("Shelves Use zq_id for one shelf; see the guide. <=YYYY-MM-DD finds older ones, a < b.");
    expect(plainText("snake_case_names and 2 * 3 * 4 stay")).toBe("snake_case_names and 2 * 3 * 4 stay");
  });

  it(
    "an HTML list or paragraph opened right after a word keeps a space there (a header's values " +
      "in <ul><li> ran into the sentence before)",
    () => {
      expect(
        plainText(
          "Value is:<ul><li><code>return=minimal</code>. Minimal.</li><li><code>return=representation</code>. " +
            "Whole.</li></ul>",
        ),
      ).toBe("Value is: return=minimal. Minimal. return=representation. Whole.");
      expect(plainText("One.<p>Two.</p><div>Three</div>")).toBe("One. Two. Three");
    },
  );

  it("a Markdown code span is literal: a <PLACEHOLDER> or snake_name in it stays (a file name lost its words)", () => {
    expect(
      plainText(
        "The zip is named `<ZQKIND>_<ZQ_ID>.zip`<br> its csv `zq_<ZQKIND>_<ZQ_ACCOUNT>_<DATE>.csv`, " +
          "dated `yyyyMMdd`; <b>bold</b> and _emphasis_ go.",
      ),
    ).toBe(
      "The zip is named <ZQKIND>_<ZQ_ID>.zip its csv zq_<ZQKIND>_<ZQ_ACCOUNT>_<DATE>.csv, dated yyyyMMdd; " +
        "bold and emphasis go.",
    );
    expect(plainText("```js\nconst zq = `<b>`;\n```\nthen `a_b_` and `_c_`.")).toBe(
      "const zq = <b>; then a_b_ and _c_.",
    );
  });

  it("titleText: a short first sentence that is a statement, or nothing", () => {
    expect(titleText("List shelves", 80)).toBe("List shelves");
    expect(titleText("Create a shelf. If using a date only, the time is ignored.", 80)).toBe("Create a shelf");
    expect(titleText("Ready? Lists shelves.", 80)).toBeUndefined();
    expect(titleText("x".repeat(81), 80)).toBeUndefined();
  });
});

describe("the document's own gaps", () => {
  it(
    "a schema the chosen operations $ref that the document defines nowhere: added to the cut " +
      "accepting any value, noted; the draft links",
    async () => {
      const withGap = {
        ...shelf,
        properties: {
          ...shelf.properties,
          toggle: { $ref: "#/components/schemas/ZqToggleType" },
          other: { $ref: "#/components/schemas/ZqToggleType" },
        },
      };
      const doc = openapi({
        "/zqshelves/{id}": {
          get: {
            operationId: "getShelf",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
            responses: { "200": reply(withGap, { id: "s1" }) },
          },
        },
      });
      const d = drafted(doc, ["getShelf"], "zqshelf");
      expect(d.added).toEqual(["components.schemas.ZqToggleType"]);
      expect(d.cut.unresolved).toEqual([]);
      expect(d.openapiText).toContain(
        "# Added by blockwright add, not published: components.schemas.ZqToggleType (the document refers to it but " +
          "defines it nowhere: any value).",
      );
      expect(d.openapiText).toMatch(
        new RegExp(
          String.raw`\n {4}ZqToggleType:\n {6}description: 'Added by blockwright add: the published document ` +
            String.raw`refers to ZqToggleType but defines it nowhere; any value is accepted\.'\n`,
        ),
      );
      expect(notesAt(d, "openapi")).toEqual([
        expect.stringContaining("defines nowhere (components.schemas.ZqToggleType)"),
      ]);
      expect(doc.components.schemas).toBeUndefined();
      expect(await linkProblems(d, "zqshelf")).toEqual([]);
    },
  );

  it(
    "a response the operations $ref that the document defines nowhere (an error answer): added " +
      "with no body, noted; a 204 declared with a body is read as bodiless; the draft links",
    async () => {
      const doc = openapi({
        "/zqshelves/{id}": {
          delete: {
            operationId: "deleteShelf",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
            responses: {
              "204": { description: "Deleted", content: { "application/json": { schema: { type: "object" } } } },
              "404": { $ref: "#/components/responses/ZqNotFound" },
            },
          },
        },
      });
      const d = drafted(doc, ["deleteShelf"], "zqshelf");
      expect(d.added).toEqual(["components.responses.ZqNotFound"]);
      expect(d.cut.unresolved).toEqual([]);
      expect(d.manifest.operations.zqshelf_delete_shelf!.outputs).toEqual({
        "metadata.status": expect.objectContaining({ from: "$statusCode" }),
      });
      expect(await linkProblems(d, "zqshelf")).toEqual([]);
    },
  );
});
