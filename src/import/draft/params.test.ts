// The drafted parameters of the address and headers: types and limits from
// the schema, the maxLength the project requires there (a default, marked),
// names that must change to be identifiers, and what is left out, with the
// reason, rather than drafted wrongly (body fields: request-body.test.ts).
import { rmSync } from "node:fs";
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
import { DEFAULT_MAX_LENGTH } from "./params.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
// Each path parameter given is named by the path too (OpenAPI requires it; add leaves out one it never names).
const withParams = (parameters: Json[], doc: Json = {}) =>
  openapi(
    {
      [["/items/{id}", ...parameters.filter((p) => p.in === "path").map((p) => `{${p.name}}`)].join("/")]: {
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

describe("parameters of the address and headers", () => {
  it("take the schema's type and limits", async () => {
    const doc = withParams([
      {
        name: "q",
        in: "query",
        required: true,
        description: "Search words.",
        schema: { type: "string", minLength: 1, maxLength: 200, pattern: "^[^<>]*$" },
        example: "red shoes",
      },
      { name: "size", in: "query", schema: { type: "integer", minimum: 1, maximum: 50, default: 10 } },
      { name: "sort", in: "query", schema: { type: "string", enum: ["new", "old", null] } },
      { name: "ratio", in: "query", schema: { type: "number", minimum: 0, maximum: 1 } },
      { name: "exact", in: "query", schema: { type: "boolean" } },
    ]);
    const drafted_ = drafted(doc, ["getItem"]);
    expect(drafted_.manifest.operations.acme_get_item!.params).toEqual({
      id: {
        type: "string",
        description: "The id parameter.",
        required: true,
        maxLength: DEFAULT_MAX_LENGTH.path,
        wire: { in: "path" },
      },
      q: {
        type: "string",
        description: "Search words.",
        required: true,
        minLength: 1,
        maxLength: 200,
        pattern: "^[^<>]*$",
        example: "red shoes",
        wire: { in: "query" },
      },
      size: {
        type: "number",
        description: "The size parameter.",
        integer: true,
        minimum: 1,
        maximum: 50,
        default: 10,
        sendDefault: false,
        wire: { in: "query" },
      },
      // null among its values: no value of the enum's, but a query's null, sent as nothing (nullable-query.test.ts).
      sort: {
        type: "string",
        description: "The sort parameter.",
        enum: ["new", "old"],
        nullable: true,
        wire: { in: "query" },
      },
      ratio: { type: "number", description: "The ratio parameter.", minimum: 0, maximum: 1, wire: { in: "query" } },
      exact: { type: "boolean", description: "The exact parameter.", wire: { in: "query" } },
    });
    expect(notesAt(drafted_, "operations.acme_get_item.params.id")).toEqual([
      "the spec describes id nowhere: write what it means",
      `maxLength ${DEFAULT_MAX_LENGTH.path} is blockwright add's default for a path value the spec leaves ` +
        "unbounded; set the upstream's real limit",
    ]);
    expect(await linkProblems(drafted_)).toEqual([]);
  });

  it("give free text in the query or a header the default maxLength, marked for review", async () => {
    const d = drafted(
      withParams([
        { name: "q", in: "query", description: "Words.", schema: { type: "string" } },
        { name: "X-Trace", in: "header", description: "A trace id.", schema: { type: "string" } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect([p.q!.maxLength, p.xTrace!.maxLength]).toEqual([DEFAULT_MAX_LENGTH.query, DEFAULT_MAX_LENGTH.header]);
    expect(notesAt(d, "operations.acme_get_item.params.xTrace")).toEqual([
      `maxLength ${DEFAULT_MAX_LENGTH.header} is blockwright add's default for a header value the spec leaves ` +
        "unbounded; set the upstream's real limit",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("give an unbounded value whose example is longer than the default its example's length, and link", async () => {
    const long = "0a".repeat(DEFAULT_MAX_LENGTH.path);
    const d = drafted(
      withParams([{ name: "hex", in: "path", required: true, schema: { type: "string" }, example: long }]),
      ["getItem"],
    );
    expect(d.manifest.operations.acme_get_item!.params!.hex).toMatchObject({ maxLength: long.length, example: long });
    expect(notesAt(d, "operations.acme_get_item.params.hex")).toContain(
      `maxLength ${long.length} is blockwright add's default for a path value the spec leaves unbounded (the length ` +
        "of its example or default); set the upstream's real limit",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("give an unbounded value whose default is longer than the default maxLength its default's length", async () => {
    const long = "Z-".repeat(DEFAULT_MAX_LENGTH.path);
    const d = drafted(
      withParams([{ name: "zqconf", in: "path", required: true, schema: { type: "string", default: long } }]),
      ["getItem"],
    );
    expect(d.manifest.operations.acme_get_item!.params!.zqconf).toMatchObject({ maxLength: long.length });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("keep a number's exclusive bounds exclusive, an integer's as the whole number inside them", async () => {
    const d = drafted(
      withParams([
        {
          name: "above",
          in: "query",
          schema: { type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true },
        },
        { name: "share", in: "query", schema: { type: "number", minimum: 0, exclusiveMinimum: true } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(p.above).toMatchObject({ integer: true, minimum: 1, maximum: 9 });
    expect(p.share).toMatchObject({ exclusiveMinimum: 0 });
    expect([p.share!.minimum, p.share!.limitsFromSpec]).toEqual([undefined, undefined]);
    expect(await linkProblems(d)).toEqual([]);
    const d31 = drafted(
      {
        ...withParams([
          { name: "n", in: "query", schema: { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 100 } },
        ]),
        openapi: "3.1.0",
      },
      ["getItem"],
    );
    expect(d31.manifest.operations.acme_get_item!.params!.n).toMatchObject({ minimum: 1, maximum: 99 });
  });

  it("draft a number's step (multipleOf: an offset by pages of 20), which the draft then links with", async () => {
    const d = drafted(withParams([{ name: "offset", in: "query", schema: { type: "integer", multipleOf: 20 } }]), [
      "getItem",
    ]);
    expect(d.manifest.operations.acme_get_item!.params!.offset).toMatchObject({ integer: true, multipleOf: 20 });
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "send the default of a parameter the spec requires (an API version header): the upstream's " +
      "own default only of an optional one goes unsent",
    async () => {
      const d = drafted(
        withParams([
          { name: "zq-revision", in: "header", required: true, schema: { type: "string", default: "2026-07-15" } },
          { name: "size", in: "query", schema: { type: "integer", default: 10 } },
        ]),
        ["getItem"],
      );
      const p = d.manifest.operations.acme_get_item!.params!;
      expect([p.zqRevision, p.size]).toMatchObject([
        { required: true, default: "2026-07-15" },
        { default: 10, sendDefault: false },
      ]);
      expect(p.zqRevision!.sendDefault).toBeUndefined();
      expect(await linkProblems(d)).toEqual([]);
      // Written unsent by hand, the link refuses it: no request would carry what the upstream requires.
      const unsent = {
        ...d,
        manifestText: d.manifestText.replace(
          /\n( +)default: "?2026-07-15"?\n/,
          (line, indent) => `${line}${indent}sendDefault: false\n`,
        ),
      };
      expect(unsent.manifestText.split("sendDefault: false").length).toBe(
        d.manifestText.split("sendDefault: false").length + 1,
      );
      expect(await linkProblems(unsent)).toEqual([
        expect.stringContaining(
          'requires header parameter "zq-revision"; declare required: true or a default that is sent',
        ),
      ]);
    },
  );

  it(
    "send the default of a header fetch fills in when it is left out (Accept-Language: *), and " +
      "draft one where fetch's value is not among the spec's",
    async () => {
      const languages = { type: "string", enum: ["zq", "zz"] };
      const d = drafted(
        withParams([
          { name: "Accept-Language", in: "header", schema: { ...languages, default: "zz" } },
          { name: "zq-locale", in: "header", schema: { ...languages, default: "zz" } },
        ]),
        ["getItem"],
      );
      const p = d.manifest.operations.acme_get_item!.params!;
      expect(p.acceptLanguage).toMatchObject({
        enum: ["zq", "zz"],
        default: "zz",
        wire: { in: "header", name: "Accept-Language" },
      });
      expect(p.acceptLanguage!.sendDefault).toBeUndefined();
      // A header fetch leaves alone keeps the upstream's default unsent.
      expect(p.zqLocale).toMatchObject({ default: "zz", sendDefault: false });
      expect(await linkProblems(d)).toEqual([]);

      const bare = drafted(withParams([{ name: "accept-language", in: "header", schema: languages }]), ["getItem"]);
      const language = bare.manifest.operations.acme_get_item!.params!.acceptLanguage!;
      expect(language).toMatchObject({ enum: ["zq", "zz"], default: "zq" });
      expect(language.sendDefault).toBeUndefined();
      expect(notesAt(bare, "operations.acme_get_item.params.acceptLanguage")).toContain(
        "fetch sends accept-language: * when a call leaves it out, which is not one of the spec's values: " +
          'drafted default "zq" (the first), sent; set the one the upstream assumes',
      );
      // One whose values include fetch's own is left as the spec has it.
      const open = drafted(
        withParams([{ name: "Accept-Language", in: "header", schema: { type: "string", enum: ["*", "zq"] } }]),
        ["getItem"],
      );
      expect(open.manifest.operations.acme_get_item!.params!.acceptLanguage!.default).toBeUndefined();
    },
  );

  it(
    "leave out a Content-Type or Accept header parameter, which OpenAPI ignores (the runtime " +
      "writes both), and still link where the spec requires them",
    async () => {
      const d = drafted(
        withParams([
          {
            name: "Content-Type",
            in: "header",
            required: true,
            schema: { type: "string", enum: ["application/json; zq-response=omitLinks,omitMeta"] },
          },
          { name: "accept", in: "header", required: true, schema: { type: "string", example: "zq-example" } },
        ]),
        ["getItem"],
      );
      expect(Object.keys(d.manifest.operations.acme_get_item!.params!)).toEqual(["id"]);
      expect(notesAt(d, "operations.acme_get_item")).toContain(
        "header parameter accept not drafted: OpenAPI ignores it (the media types and the security schemes say " +
          "it), and the runtime writes it itself",
      );
      // No body, no type: the runtime writes a Content-Type only for a body (a published document's bodyless POST
      // asked for one, its note said the runtime writes it).
      expect(notesAt(d, "operations.acme_get_item")).toContain(
        "header parameter Content-Type not drafted: OpenAPI ignores it (the media types say it), and the operation " +
          "takes no request body, so no call sends one (the document asks for application/json; " +
          "zq-response=omitLinks,omitMeta: check whether the API refuses a call without)",
      );
      expect(await linkProblems(d)).toEqual([]);

      // With a body, the runtime writes the body's type.
      const contentType = { name: "Content-Type", in: "header", required: true, schema: { type: "string" } };
      const body = { content: { "application/json": { schema: { type: "object" } } } };
      const posted = drafted(
        openapi({
          "/items": { post: { operationId: "addItem", parameters: [contentType], requestBody: body, responses: ok } },
        }),
        ["addItem"],
      );
      expect(notesAt(posted, "operations.acme_add_item")).toContain(
        "header parameter Content-Type not drafted: OpenAPI ignores it (the media types and the security schemes " +
          "say it), and the runtime writes it itself",
      );
    },
  );

  it("say what they cannot state: a format, deprecation, a default or example that breaks the limits", () => {
    const d = drafted(
      withParams([
        {
          name: "since",
          in: "query",
          deprecated: true,
          schema: { type: "string", format: "uri-template", maxLength: 40, default: "" },
          example: "x".repeat(41),
        },
      ]),
      ["getItem"],
    );
    expect(d.manifest.operations.acme_get_item!.params!.since).toEqual({
      type: "string",
      description: "The since parameter.",
      maxLength: 40,
      wire: { in: "query" },
    });
    expect(notesAt(d, "operations.acme_get_item.params.since")).toEqual([
      "the spec describes since nowhere: write what it means",
      "the spec gives format uri-template, which a manifest cannot state yet",
      "since is deprecated in the spec",
      'the spec\'s default "" is empty text, which a call sends as no value (as left out): left out',
      `the spec's example "${"x".repeat(41)}" does not pass the drafted limits: left out`,
    ]);
  });

  it("leave out an example past its whole-number format's range as the mocks read it (an int64 past 2^53)", () => {
    // A receiver's int64 id published as 2339264502380679700: drafted as the example, every case made of it was
    // refused by the mock (its int64 is at most 2^53 - 1).
    const d = drafted(
      withParams([
        { name: "zqWide", in: "query", schema: { type: "integer", format: "int64" }, example: 2339264502380679700 },
        { name: "zqFine", in: "query", schema: { type: "integer", format: "int64", example: 9007199254740991 } },
        { name: "zqNarrow", in: "query", schema: { type: "integer", format: "int32", example: 2147483648 } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    // An int32 past whose range its own example lies is written int64 in the cut (int32-example-range.test.ts): the
    // example stays.
    expect([p.zqWide!.example, p.zqFine!.example, p.zqNarrow!.example]).toEqual([
      undefined,
      9007199254740991,
      2147483648,
    ]);
    // Past the safe integers, whatever its format: said as such (unsafe-integer-example.test.ts holds the wording).
    expect(notesAt(d, "operations.acme_get_item.params.zqWide")).toContainEqual(
      expect.stringMatching(/example 2339264502380679700 .*beyond ±\(2\^53−1\).*left out/),
    );
    expect(p.zqNarrow!.maximum).toBeUndefined();
  });

  it("rename what is no identifier, or is reserved, and keep the wire name", async () => {
    const d = drafted(
      withParams([
        { name: "X-Request-Id", in: "header", schema: { type: "string", maxLength: 64 } },
        { name: "maxItems", in: "query", schema: { type: "integer" } },
        { name: "operation", in: "query", schema: { type: "string", enum: ["a"] } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(Object.keys(p)).toEqual(["id", "maxItemsValue", "operationValue", "xRequestId"]);
    expect([p.xRequestId!.wire, p.maxItemsValue!.wire, p.operationValue!.wire]).toEqual([
      { in: "header", name: "X-Request-Id" },
      { in: "query", name: "maxItems" },
      { in: "query", name: "operation" },
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("send a list or an object in the query as its style says, and a cookie as a Cookie pair", async () => {
    const d = drafted(
      withParams([
        { name: "tag", in: "query", schema: { type: "array", items: { type: "string" } } },
        {
          name: "expand",
          in: "query",
          style: "deepObject",
          explode: true,
          schema: { type: "array", items: { type: "string" } },
        },
        {
          name: "filter",
          in: "query",
          style: "deepObject",
          required: true,
          schema: { type: "object", properties: { a: { type: "string" } } },
        },
        { name: "session", in: "cookie", schema: { type: "string" } },
      ]),
      ["getItem"],
    );
    const p = d.manifest.operations.acme_get_item!.params!;
    expect(p.tag).toMatchObject({ type: "json", jsonType: "array", wire: { in: "query" } });
    expect(p.expand).toMatchObject({ type: "json", jsonType: "array", wire: { in: "query" } });
    // An object of named fields: a parameter per field (draft-query-object.test.ts).
    expect(p.a).toMatchObject({ type: "string", wire: { in: "query", name: "filter", field: "a" } });
    expect(notesAt(d, "operations.acme_get_item")).toEqual([
      "query parameter filter is an object of 1 field, sent as filter[field]=value (style deepObject): drafted as " +
        "a parameter per field, each with its type, limits and description",
    ]);
    // A cookie: a pair of the Cookie header (draft-cookie-params.test.ts).
    expect(p.session).toMatchObject({ type: "string", wire: { in: "cookie" } });
    expect(await linkProblems(d)).toEqual([]);
  });

  it(
    "say of an object header whose fields are lists or objects that style simple cannot carry them (the runtime " +
      "refuses such a value), and how a spec says JSON there",
    async () => {
      const template = {
        type: "object",
        properties: {
          zqFields: { type: "array", items: { type: "object", properties: { zqKey: { type: "string" } } } },
          zqName: { type: "string" },
        },
      };
      const d = drafted(withParams([{ name: "zqTemplate", in: "header", schema: template }]), ["getItem"]);
      expect(d.manifest.operations.acme_get_item!.params!.zqTemplate).toMatchObject({
        type: "json",
        jsonType: "object",
      });
      expect(notesAt(d, "operations.acme_get_item.params.zqTemplate")).toContain(
        "header parameter zqTemplate is an object whose fields zqFields are lists or objects, which style simple " +
          "cannot carry in a header: a call giving them is refused before any request; if the upstream reads JSON " +
          "there, describe the parameter with content: application/json in the spec",
      );
      expect(await linkProblems(d)).toEqual([]);
    },
  );
});
