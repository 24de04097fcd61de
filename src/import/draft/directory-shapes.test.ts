// Shapes of published documents the directory corpus (npm run corpus --
// --directory) found add drafting wrongly: a body the runtime cannot send (with
// GET, a form of one value), an int32 integer without its bounds,
// a pattern with identity escapes, and a required body's one field taken as
// the credential. Each drafted as the link reads it, and linked.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeToolDefinition } from "@blockwright/runtime";
import { loadProvider } from "../../emit/link-provider.js";
import { startMocks } from "../../mocks/mocks.js";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const withParams = (parameters: Json[], doc: Json = {}) =>
  openapi(
    {
      "/items/{id}": {
        get: {
          operationId: "getItem",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }, ...parameters],
          responses: ok,
        },
      },
    },
    {},
    doc,
  );
const withBody = (content: Json, required = false) =>
  openapi({ "/items": { post: { operationId: "createItem", requestBody: { required, content }, responses: ok } } });

describe("a required body whose one field is named like the credential (a token the operation checks)", () => {
  it(
    "drafts the field (taken as the credential, the required body went empty and generate " +
      "refused the operation); it links",
    async () => {
      const security = {
        components: { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } } },
        security: [{ zqBearer: [] }],
      };
      const schema = {
        type: "object",
        required: ["access_token"],
        properties: { access_token: { type: "string", description: "The OAuth access token to check." } },
      };
      const doc = {
        ...openapi({
          "/zqtokens/check": {
            post: {
              operationId: "checkZqToken",
              requestBody: { required: true, content: { "application/json": { schema } } },
              responses: ok,
            },
          },
        }),
        ...security,
      };
      const d = drafted(doc, ["checkZqToken"]);
      expect(Object.keys(d.manifest.operations.acme_check_zq_token?.params ?? {})).toEqual(["access_token"]);
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("an integer of format int32", () => {
  it(
    "is bounded as int32 (the mocks' validators refuse a value past it), an own tighter bound " +
      "kept, an enum alone; an example past it is not drafted",
    async () => {
      const doc = withParams([
        { name: "zqStart", in: "query", schema: { type: "integer", format: "int32" }, example: 1418556452617 },
        { name: "zqEnd", in: "query", schema: { type: "integer", format: "int32", minimum: 1 } },
        { name: "zqWide", in: "query", schema: { type: "integer", format: "int64" } },
        { name: "zqAngle", in: "query", schema: { type: "integer", format: "int32", enum: [0, 90, -90] } },
      ]);
      const d = drafted(doc, ["getItem"]);
      const params = d.manifest.operations.acme_get_item?.params ?? {};
      expect(params.zqStart).toMatchObject({ minimum: -2147483648, maximum: 2147483647 });
      expect(params.zqStart?.example).toBeUndefined();
      expect(params.zqEnd).toMatchObject({ minimum: 1, maximum: 2147483647 });
      expect(params.zqWide?.maximum).toBeUndefined();
      // An enum bounds it already: no bound beside it (a limit case would draw -2^31, which the enum refuses).
      expect(params.zqAngle).toMatchObject({ enum: [0, 90, -90] });
      expect(params.zqAngle?.minimum).toBeUndefined();
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("a pattern with identity escapes, between slashes", () => {
  it("is drafted as the link reads it (no slashes, no identity escapes): it links", async () => {
    const doc = withParams([
      { name: "X-Zq-At", in: "header", schema: { type: "string", maxLength: 9, pattern: "/^\\d{2}(\\-|\\+)\\d{2}$/" } },
    ]);
    const d = drafted(doc, ["getItem"]);
    const at = Object.values(d.manifest.operations.acme_get_item?.params ?? {}).find(
      (p) => (p.wire as { name?: string } | undefined)?.name === "X-Zq-At",
    );
    expect(at?.pattern).toBe("^\\d{2}(-|\\+)\\d{2}$");
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe(
  "a string whose pattern and format no value meets together (a date-time pattern whose " + "offset has no colon)",
  () => {
    it(
      "has the format left out of the cut, said in a note, the pattern kept: it links (generate " +
        "stopped on it); a format its pattern meets stays",
      async () => {
        const doc = withParams([
          {
            name: "X-Zq-At",
            in: "header",
            schema: {
              type: "string",
              format: "date-time",
              pattern: "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}(:\\d{2}){2}(\\-|\\+)\\d{4}$/",
            },
          },
          { name: "zqSince", in: "query", schema: { type: "string", format: "date-time", pattern: "^2\\d{3}-" } },
          // An enum no value of which meets the format: the enum stands, the format goes; one that meets it stays.
          { name: "zqWhen", in: "query", schema: { type: "string", format: "date-time", enum: ["zqnow"] } },
          { name: "zqDay", in: "query", schema: { type: "string", format: "date", enum: ["2026-01-02", "zqtoday"] } },
        ]);
        const d = drafted(doc, ["getItem"]);
        const params = Object.values(d.manifest.operations.acme_get_item?.params ?? {});
        const at = params.find((p) => (p.wire as { name?: string } | undefined)?.name === "X-Zq-At");
        expect(at?.pattern).toBe("^\\d{4}-\\d{2}-\\d{2}T\\d{2}(:\\d{2}){2}(-|\\+)\\d{4}$");
        expect(at?.format).toBeUndefined();
        expect(params.find((p) => p.description === "The zqSince parameter.")?.format).toBe("date-time");
        expect(params.find((p) => p.description === "The zqWhen parameter.")).toMatchObject({ enum: ["zqnow"] });
        expect(params.find((p) => p.description === "The zqWhen parameter.")?.format).toBeUndefined();
        expect(params.find((p) => p.description === "The zqDay parameter.")?.format).toBe("date");
        const cut = jsyaml.load(d.openapiText) as Json;
        const declared = (cut.paths["/items/{id}"].get.parameters as Json[]).find((p) => p.name === "X-Zq-At");
        expect(declared?.schema).not.toHaveProperty("format");
        expect(notesAt(d, "openapi").join("\n")).toMatch(/leaves out the format of paths\./);
        expect(await linkProblems(d)).toEqual([]);
      },
    );
  },
);

describe("a date-time text beside an allOf member whose pattern no date-time meets (an id's shared schema)", () => {
  it("has the format left out of the cut, said in a note; a member's pattern it meets keeps it", async () => {
    const id = { type: "string", maxLength: 25, pattern: "^zq(-[a-z0-9]+)+$" };
    const doc = withParams([
      { name: "zqMadeAt", in: "query", schema: { type: "string", format: "date-time", allOf: [id] } },
      {
        name: "zqSince",
        in: "query",
        schema: { type: "string", format: "date-time", allOf: [{ type: "string", pattern: "^2\\d{3}-" }] },
      },
    ]);
    const d = drafted(doc, ["getItem"]);
    const cut = jsyaml.load(d.openapiText) as Json;
    const declared = (name: string) =>
      (cut.paths["/items/{id}"].get.parameters as Json[]).find((p) => p.name === name)?.schema as Json;
    expect(declared("zqMadeAt")).not.toHaveProperty("format");
    expect(declared("zqMadeAt").allOf).toEqual([id]);
    expect(declared("zqSince").format).toBe("date-time");
    expect(notesAt(d, "openapi").join("\n")).toMatch(/leaves out the format of paths\./);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a number of an integer format (type: number, format: int64)", () => {
  it("is drafted integer (a mock's validator refused the fractions drawn for it)", async () => {
    const d = drafted(withParams([{ name: "zqSince", in: "query", schema: { type: "number", format: "int64" } }]), [
      "getItem",
    ]);
    expect(d.manifest.operations.acme_get_item?.params?.zqSince).toMatchObject({ type: "number", integer: true });
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a required JSON body whose object schema names no fields (properties: {})", () => {
  it(
    "is drafted as one parameter holding the whole body, any object (nothing was drafted, and " +
      "generate refused the required body); it links",
    async () => {
      const d = drafted(withBody({ "application/json": { schema: { type: "object", properties: {} } } }, true), [
        "createItem",
      ]);
      expect(d.manifest.operations.acme_create_item?.params?.body).toMatchObject({
        type: "json",
        jsonType: "object",
        required: true,
        wire: { in: "body", pointer: "" },
      });
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("a path key with a fragment (`/zqtags/{arn}#zqkeys`), which holds two operations of one path apart", () => {
  it(
    "is reached at the path before the `#`: the request goes there with its query (the fragment " +
      "had cut it off), the judge and the mock take it",
    async () => {
      const arn = { name: "arn", in: "path", required: true, schema: { type: "string", maxLength: 64 } };
      const doc = openapi({
        "/zqtags/{arn}": { parameters: [arn], get: { operationId: "listZqTags", responses: ok } },
        "/zqtags/{arn}#zqkeys": {
          parameters: [arn],
          delete: {
            operationId: "untagZq",
            parameters: [{ name: "zqkeys", in: "query", required: true, schema: { type: "string", maxLength: 9 } }],
            responses: { "204": { description: "gone" } },
          },
        },
      });
      const d = drafted(doc, ["listZqTags", "untagZq"]);
      const root = mkdtempSync(join(tmpdir(), "blockwright-zq-fragment-"));
      const dir = join(root, "specs", "acme");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
      writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
      const untag = (await loadProvider(root, dir)).operations.find((o) => o.tool.id === "acme_untag_zq")!.tool;
      expect(untag.path).toBe("/zqtags/{arn}");
      const mocks = await startMocks(["acme"], { specsDir: join(root, "specs"), root });
      try {
        const sent: string[] = [];
        const fetchFn = (request: Request) => {
          sent.push(`${request.method} ${request.url}`);
          return fetch(request);
        };
        const result = await executeToolDefinition(
          untag,
          { accessToken: "zq-token-0001", arn: "zq1", zqkeys: "a" },
          { baseUrl: mocks.urls.acme!, fetch: fetchFn },
        );
        expect(sent).toEqual([`DELETE ${mocks.urls.acme}/zqtags/zq1?zqkeys=a`]);
        expect(result).toMatchObject({ success: true });
      } finally {
        await mocks.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

describe("a GET with a request body", () => {
  it(
    "has no body drafted (fetch refuses one with GET before the request leaves), said in a " +
      "note; it links and the query is drafted",
    async () => {
      const content = {
        "application/json": {
          schema: {
            type: "object",
            properties: { zqLimit: { type: "integer" }, zqFields: { type: "array", items: { type: "string" } } },
          },
        },
      };
      const doc = openapi({
        "/zqitems": {
          get: {
            operationId: "listZqItems",
            parameters: [{ name: "zqq", in: "query", schema: { type: "string", maxLength: 9 } }],
            requestBody: { content },
            responses: ok,
          },
        },
      });
      const d = drafted(doc, ["listZqItems"]);
      const params = Object.entries(d.manifest.operations.acme_list_zq_items?.params ?? {});
      expect(params.map(([name, p]) => [name, (p.wire as { in?: string } | undefined)?.in])).toEqual([
        ["zqq", "query"],
      ]);
      expect(notesAt(d, "operations.acme_list_zq_items")).toContain(
        "GET with a request body (application/json), which fetch cannot send: not drafted",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe("a form body of one value, not named fields", () => {
  it(
    "is not drafted (a form is written from an object's fields: one string made no pair), said " +
      "in a note; it links",
    async () => {
      const d = drafted(
        withBody({ "application/x-www-form-urlencoded": { schema: { type: "string", example: "zq" } } }),
        ["createItem"],
      );
      expect(d.manifest.operations.acme_create_item?.params ?? {}).toEqual({});
      expect(notesAt(d, "operations.acme_create_item")).toContain(
        "the request body is a form (application/x-www-form-urlencoded) of one string, not named fields, which the " +
          "runtime does not write: not drafted",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});

describe('a parameter with an empty name (`name: ""`)', () => {
  it("is left out with a note (drafted, its wire name was empty: generate refused it); it links", async () => {
    const d = drafted(withParams([{ name: "", in: "query", schema: { type: "string", example: "" } }]), ["getItem"]);
    expect(Object.keys(d.manifest.operations.acme_get_item?.params ?? {})).toEqual(["id"]);
    expect(notesAt(d, "operations.acme_get_item").join("\n")).toMatch(/query parameter with an empty name not drafted/);
    expect(await linkProblems(d)).toEqual([]);
  });
});
