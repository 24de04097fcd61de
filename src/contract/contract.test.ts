// The derived suite's own pieces, without mocks: Prism's violations in words, seeds, reproduction lines, the values
// cases are built from, where a case derives from and the table of kinds (the reports: report/report-escaping.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../emit/link-provider.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { loadYamlSource } from "../load/yaml-source.js";
import { applicableKinds, deriveCases } from "./derive.js";
import { CASE_KINDS, KIND_ORDER } from "./kinds/index.js";
import { describeViolation, violationsOf } from "./prism.js";
import { multipartPart } from "./request/sent-value.js";
import { caseSeed } from "./kinds/property.js";
import { callCommand, secretReference, shellQuote } from "./repro.js";
import { locateSource } from "./sources.js";
import { CREDENTIAL, ToolValues } from "./inputs/values.js";

const fixtures = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const tool = (id: string): ToolSpec => shelf.operations.find((op) => op.tool.id === id)!.tool;

describe("Prism's violations", () => {
  it("are read from the sl-violations header and from a problem+json body, once each", () => {
    const v = {
      location: ["request", "body", "title"],
      severity: "Error",
      code: "type",
      message: "Request body property title must be string",
    };
    const headers = new Headers({ "sl-violations": JSON.stringify([v]) });
    const body = JSON.stringify({
      type: "https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY",
      title: "Invalid request",
      status: 422,
      validation: [v],
    });
    expect(violationsOf(headers, body)).toEqual([v]);
  });

  it("are errors only: a deprecation warning (a deprecated parameter sent) or a note is no violation", () => {
    const error = {
      location: ["request", "query", "limit"],
      severity: "Error",
      code: "type",
      message: "Request query parameter limit must be integer",
    };
    const warning = {
      location: ["query", "legacy"],
      severity: "Warning",
      code: "deprecated",
      message: "Query param legacy is deprecated",
    };
    const note = { location: ["query", "x"], severity: "Information", message: "n" };
    expect(violationsOf(new Headers({ "sl-violations": JSON.stringify([warning, note]) }), "")).toEqual([]);
    expect(violationsOf(new Headers({ "sl-violations": JSON.stringify([warning, error]) }), "")).toEqual([error]);
  });

  it(
    "expect a multipart list as one part per item, objects as their JSON, as the runtime writes it (none for an " +
      "empty list)",
    () => {
      const param = {
        name: "expand",
        type: "json",
        jsonType: "array",
        required: false,
        secret: false,
        visibility: "user-or-llm",
        description: "d",
        title: "expand",
        wire: { in: "body", pointer: "/expand" },
      } as unknown as ParamSpec;
      expect([multipartPart(param, []), multipartPart(param, ["a"]), multipartPart(param, ["a", 2])]).toEqual([
        undefined,
        "a",
        ["a", "2"],
      ]);
      expect([multipartPart(param, [{ x: 1 }]), multipartPart(param, [{ x: 1 }, "b"])]).toEqual([
        '{"x":1}',
        ['{"x":1}', "b"],
      ]);
    },
  );

  it("are not read from an upstream's own error body", () => {
    expect(violationsOf(new Headers(), JSON.stringify({ validation: [{ location: ["x"], message: "y" }] }))).toEqual(
      [],
    );
  });

  it("are described with where, the JSON pointer and Prism's own message", () => {
    expect(
      describeViolation({
        location: ["response", "body", "items", "0", "id"],
        code: "type",
        message: "Response body property items.0.id must be string",
      }),
    ).toBe("response body /items/0/id: Response body property items.0.id must be string (type)");
    expect(
      describeViolation({
        location: ["path", "shelfid"],
        code: "pattern",
        message: 'Request path parameter shelfid must match pattern "^[a-z]+$"',
      }),
    ).toBe('request path /shelfid: Request path parameter shelfid must match pattern "^[a-z]+$" (pattern)');
    expect(describeViolation({ location: ["request", "body", "a/b~c"], message: "m" })).toBe(
      "request body /a~1b~0c: m",
    );
  });
});

describe("seeds and reproduction lines", () => {
  it("each property case draws from its own seed, the same every time", () => {
    expect(caseSeed(42, "a")).toBe(caseSeed(42, "a"));
    expect(new Set([caseSeed(42, "a"), caseSeed(42, "b"), caseSeed(43, "a")]).size).toBe(3);
  });

  it("the call line gives secrets as {{NAME}} references and quotes for the shell", () => {
    const t = tool("shelf_add_book");
    const input = { apiKey: "s3cret-value-123", shelfId: "a-1", title: "It's here" };
    expect(secretReference(t, input)).toEqual({ apiKey: "{{SHELF_API_KEY}}", shelfId: "a-1", title: "It's here" });
    const line = callCommand(t, input);
    expect(line).not.toContain("s3cret");
    expect(line).toBe(
      `blockwright call shelf_add_book --params '{"shelfId":"a-1","title":"It'\\''s here"}' --param ` +
        `'apiKey={{SHELF_API_KEY}}' --base-url http://127.0.0.1:4010   (with \`blockwright mock shelf --port ` +
        `4010\` running)`,
    );
    expect(shellQuote("plain-word")).toBe("plain-word");
    // A secret list of texts the suite drew: set as its JSON text, the variable a list parameter reads.
    const words = { ...t, params: t.params.map((p) => (p.name === "title" ? { ...p, secret: true } : p)) };
    const drawn = callCommand(words, { ...input, title: ["zqword", "zqother"] }, ["apiKey", "title"]);
    expect(drawn).toMatch(/^SHELF_API_KEY=s3cret-value-123 SHELF_TITLE='\["zqword","zqother"\]' blockwright call /);
    expect(drawn).toContain("--param 'title={{SHELF_TITLE}}'");
  });
});

describe("values built from the specs", () => {
  it("take the credential, spec examples and placeholders, each passing its own rules", () => {
    const values = new ToolValues(tool("shelf_list_books"), doc);
    expect(values.example("apiKey")).toEqual({ value: CREDENTIAL, source: "contract credential" });
    // The fixture's spec has no example for shelfId: a value is made from its pattern.
    expect(values.example("shelfId")?.source).toBe("made from its rules");
    expect(values.minimal()).toEqual({ apiKey: CREDENTIAL, shelfId: values.example("shelfId")!.value });
  });

  it("keep cross-field rules: a pinned value chooses its selector, or the input is impossible", () => {
    const values = new ToolValues(tool("shelf_add_book"), doc);
    expect(values.with({ size: "letter" })).toMatchObject({ size: "letter" });
    expect(values.with({ format: "ebook" })).not.toHaveProperty("size");
    expect(values.satisfy({ ...values.minimal(), format: "audio", size: "a4" }, ["format", "size"])).toBeUndefined();
    expect(values.full()).toMatchObject({ format: "paper" });
  });

  it("stretch a patterned value to an exact length that still matches", () => {
    const values = new ToolValues(tool("shelf_list_books"), doc);
    const s = values.ofLength("shelfId", 64)!;
    expect(s).toHaveLength(64);
    expect(s).toMatch(/^[a-z0-9-]+$/);
  });

  it("derive every kind of case for the fixture, with unique ids", () => {
    const cases = deriveCases({
      provider: "shelf",
      tools: shelf.operations.map((op) => op.tool),
      triggers: shelf.triggers,
      ...(shelf.pollTriggers ? { pollTriggers: shelf.pollTriggers } : {}),
      document: doc,
    });
    // The fixture declares something of every kind: a new kind needs it to declare what the kind tests.
    expect(new Set(cases.map((c) => c.kind))).toEqual(new Set(KIND_ORDER));
    expect(cases.map((c) => c.id).filter((id) => id.startsWith("shelf_get_book › scenario"))).toEqual([
      "shelf_get_book › scenario › job pending → pending → ready",
      "shelf_get_book › scenario › job pending → pending → failed",
      "shelf_get_book › scenario › 429 with Retry-After: 1, then 200: retried once after the wait",
    ]);
    expect(cases.map((c) => c.id).filter((id) => id.startsWith("shelf_add_book › scenario"))).toEqual([
      "shelf_add_book › scenario › 500 on POST is not retried and may have been applied",
    ]);
  });

  it(
    "derive only the operations asked for (a worker's part): the same cases as the whole suite's of those " +
      "operations",
    () => {
      const subject = {
        provider: "shelf",
        tools: shelf.operations.map((op) => op.tool),
        triggers: shelf.triggers,
        document: doc,
      };
      const [first, ...rest] = shelf.operations.map((op) => op.tool.id);
      const all = deriveCases(subject);
      const part = deriveCases(subject, new Set([first!]));
      const ofTools = (list: typeof all, ids: string[]) =>
        list.filter((c) => ids.includes(c.operation)).map((c) => c.id);
      expect(ofTools(part, [first!])).toEqual(ofTools(all, [first!]));
      expect(ofTools(part, [first!]).length).toBeGreaterThan(0);
      expect(ofTools(part, rest)).toEqual([]);
    },
  );
});

describe("where a case derives from", () => {
  const manifest = loadYamlSource(join(fixtures, "specs/shelf/manifest.yaml"), "specs/shelf/manifest.yaml");
  const subject = {
    provider: "shelf",
    tools: shelf.operations.map((op) => op.tool),
    triggers: shelf.triggers,
    document: doc,
    manifest,
  };
  const cases = deriveCases(subject);
  const manifestLines = readFileSync(join(fixtures, "specs/shelf/manifest.yaml"), "utf8").split("\n");
  const specLines = doc.source.text.split("\n");
  /** The text at the line a case's source is found at. */
  const lineOf = (id: string) => {
    const c = cases.find((x) => x.id === id);
    if (!c) throw new Error(`no case ${id}`);
    const at = locateSource(subject, c.source)!;
    return { file: at.file, text: (at.file === manifest.file ? manifestLines : specLines)[at.line - 1]?.trim() };
  };

  it("is a line of the manifest or the spec for every case", () => {
    for (const c of cases) {
      const at = locateSource(subject, c.source);
      expect(at, c.id).toMatchObject({
        file: expect.stringMatching(/(manifest|openapi)\.yaml$/),
        line: expect.any(Number),
        col: expect.any(Number),
      });
      expect(at!.line, c.id).toBeGreaterThan(1);
    }
  });

  it(
    "is the limit, enum or rule a case tests, the example it asks for, and a shared parameter where the provider " +
      "declares it",
    () => {
      expect(lineOf("shelf_list_books › limit › top maximum 50 one step past it")).toEqual({
        file: manifest.file,
        text: "maximum: 50",
      });
      expect(lineOf("shelf_list_books › limit › shelfId left out")).toEqual({
        file: manifest.file,
        text: "required: true",
      });
      // apiKey is the provider's parameter, not the operation's.
      const apiKey = cases.find((c) => c.id.startsWith("shelf_list_books › limit › apiKey maxLength"))!;
      expect(locateSource(subject, apiKey.source)?.line).toBe(manifestLines.indexOf("    maxLength: 256") + 1);
      expect(lineOf('shelf_add_book › rule › allowedValues: size = "a4" when format is paper').text).toBe(
        "- rule: allowedValues",
      );
      const enumCase = cases.find((c) => c.kind === "enum" && c.operation === "shelf_add_book")!;
      expect(lineOf(enumCase.id).text).toMatch(/^enum: /);
      const answer = cases.find(
        (c) => c.kind === "example" && c.operation === "shelf_list_books" && c.name.startsWith("answer 200 "),
      )!;
      expect(lineOf(answer.id)).toEqual({ file: doc.source.file, text: `${answer.name.match(/"(.*)"/)![1]}:` });
    },
  );
});

describe("the table of kinds", () => {
  const subject = { provider: "shelf", tools: shelf.operations.map((op) => op.tool), document: doc };

  it("orders each tool's cases by kind, as the table lists them", () => {
    const cases = deriveCases(subject);
    for (const t of subject.tools) {
      const kinds = cases.filter((c) => c.operation === t.id).map((c) => KIND_ORDER.indexOf(c.kind));
      expect(kinds, t.id).toEqual([...kinds].sort((a, b) => a - b));
    }
  });

  it("says which kinds apply from what a tool declares", () => {
    // shelf_list_books: a secured GET (retried on 429) with required and bounded parameters, no enum, no
    // cross-field rule or route, and whose one error status (404) the manifest maps to an outcome.
    expect(applicableKinds(tool("shelf_list_books"), subject)).toEqual([
      "example",
      "request",
      "limit",
      "auth",
      "scenario",
      "property",
    ]);
    // A parameter without limits, rules or routes gives none of those kinds.
    const bare = {
      ...tool("shelf_list_books"),
      params: tool("shelf_list_books").params.map((p) => ({
        ...p,
        required: false,
        integer: undefined,
        minimum: undefined,
        maximum: undefined,
        maxLength: undefined,
        minLength: undefined,
      })),
    };
    expect(CASE_KINDS.limit.applies(bare, subject)).toBe(false);
    expect(CASE_KINDS.limit.derive(bare, subject)).toEqual([]);
  });

  it("is the table of docs/reference/case-kinds.md, in the same order", () => {
    const page = readFileSync(new URL("../../docs/reference/case-kinds.md", import.meta.url), "utf8");
    const table = page.slice(0, page.indexOf("## Live kinds"));
    const listed = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(KIND_ORDER);
  });
});

describe("derivation that cannot find values", () => {
  it("becomes a failing case of the kind saying why, never an error that ends the suite", async () => {
    // A tool the linker would refuse (a pattern no value meets, no example): as if it slipped past.
    const original = tool("shelf_get_book");
    const impossible: ToolSpec = {
      ...original,
      params: original.params.map((p) =>
        p.required && p.type === "string" && p.wire.in === "path"
          ? { ...p, pattern: "^(?=.*[0-9])[a-z]+$", example: undefined, placeholder: undefined }
          : p,
      ),
    };
    const cases = deriveCases({ provider: "shelf", tools: [impossible], document: doc });
    const derivation = cases.filter((c) => c.name === "cases derived");
    expect(derivation.length).toBeGreaterThan(0);
    for (const c of derivation) {
      await expect(c.run({ mockUrl: () => "http://127.0.0.1:1", seed: 1, runs: 1 })).rejects.toThrow(
        new RegExp(
          String.raw`^the \w+ cases of shelf_get_book could not be derived: ` +
            ".*(no value of parameter bookId passes its own rules|passes the rules of bookId)",
        ),
      );
    }
  });
});

describe("limit cases of a formatted value", () => {
  it("leave a maxLength past the format's longest value to the format's case: no value of that length exists", () => {
    const original = tool("shelf_get_book");
    const dated: ToolSpec = {
      ...original,
      params: original.params.map((p) =>
        p.required && p.type === "string" && p.wire.in === "path"
          ? {
              ...p,
              format: "date-time",
              maxLength: 1000,
              pattern: undefined,
              example: undefined,
              placeholder: undefined,
            }
          : p,
      ),
    };
    const names = deriveCases({ provider: "shelf", tools: [dated], document: doc }).map((c) => c.name);
    expect(names).not.toContain("cases derived");
    expect(names.filter((n) => n.includes("maxLength 1000"))).toEqual([]);
    expect(names.some((n) => n.includes("format date-time"))).toBe(true);
  });

  it(
    "leave a minLength below the format's shortest value to the format's case (a UUID's minLength 32, for its " +
      "form without hyphens)",
    () => {
      const original = tool("shelf_get_book");
      const uuid: ToolSpec = {
        ...original,
        params: original.params.map((p) =>
          p.required && p.type === "string" && p.wire.in === "path"
            ? {
                ...p,
                format: "uuid",
                minLength: 32,
                maxLength: 36,
                pattern: undefined,
                example: undefined,
                placeholder: undefined,
              }
            : p,
        ),
      };
      const names = deriveCases({ provider: "shelf", tools: [uuid], document: doc }).map((c) => c.name);
      expect(names).not.toContain("cases derived");
      expect(names.filter((n) => n.includes("minLength 32"))).toEqual([]);
      expect(names.some((n) => n.includes("format uuid"))).toBe(true);
    },
  );
});
