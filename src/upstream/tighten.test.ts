// What `upstream --accept` writes into a manifest when the newer cut asks
// more of a value it sends, or (given the older cut) accepts more where the
// manifest holds the older document's value: tighten.ts, on a made-up
// provider (zqpayments).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatPatternOf } from "../model/format-aliases.js";
import { tightenManifest } from "./tighten.js";

const manifest = `provider: zqpayments
operations:
  zqpayments_list:
    operationId: zqlistPayments
    params:
      zqstatus:
        type: string
        enum: [open, paid]
        wire: { in: query, name: status }
      zqmemo:
        type: string
        maxLength: 40
        wire: { in: body, pointer: /memo }
      zqnote:
        type: string
        wire: { in: body, pointer: /note }
`;

/** A cut with one operation: its status query parameter's values, and the memo and note body fields' schemas. */
function cut(status: string[], memo: object, note: object, required: string[] = [], statusSchema: object = {}): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqpayments", version: "1" },
    paths: {
      "/zqpayments": {
        post: {
          operationId: "zqlistPayments",
          parameters: [{ name: "status", in: "query", schema: { type: "string", enum: status, ...statusSchema } }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required,
                  properties: { memo: { type: "string", ...memo }, note: { type: "string", ...note } },
                },
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

const params = (text: string) => parse(text).operations.zqpayments_list.params;

describe("upstream --accept on the manifest", () => {
  it("writes a format the block checks the newer document sets (a url as a uri), not one it does not check", () => {
    const newer = cut(["open", "paid"], { format: "zqmoney" }, { format: "url" });
    const out = tightenManifest(manifest, newer, "o.yaml");
    expect(params(out.text).zqnote.format).toBe("uri");
    expect(params(out.text).zqmemo.format).toBeUndefined();
    expect(params(out.text).zqstatus.format).toBeUndefined();
    expect(out.lines).toEqual([
      'operations.zqpayments_list.params.zqnote.format: "uri" (body field "/note"\'s format in the newer document)',
    ]);
  });

  it("writes a text format the block checks as a pattern (byte) as that pattern, where the manifest has none", () => {
    const out = tightenManifest(manifest, cut(["open", "paid"], {}, { format: "byte" }), "o.yaml");
    expect(params(out.text).zqnote.pattern).toBe(formatPatternOf("byte"));
    expect(params(out.text).zqnote.format).toBeUndefined();
    expect(out.lines[0]).toContain("format in the newer document");
  });

  it(
    "writes what the newer document asks more of: a field now required, a bound now set, " + "a value no longer taken",
    () => {
      const older = cut(["open", "paid"], { maxLength: 40 }, {});
      const newer = cut(["open"], { maxLength: 40 }, { minLength: 1 }, ["note"]);
      const out = tightenManifest(manifest, newer, "openapi.yaml", older);
      expect(params(out.text).zqstatus.enum).toEqual(["open"]);
      expect(params(out.text).zqnote).toMatchObject({ required: true, minLength: 1 });
      expect(out.lines).toEqual([
        'operations.zqpayments_list.params.zqstatus.enum: ["open"] (values query parameter "status" no longer ' +
          "takes in the newer document left out)",
        'operations.zqpayments_list.params.zqnote.required: true (the newer document requires body field "/note")',
        'operations.zqpayments_list.params.zqnote.minLength: 1 (body field "/note"\'s minLength in the newer document)',
      ]);
    },
  );

  // eGain's `q` given a pattern in a later version (`^[\w\W]+$`): generate refused the manifest's none (BW2006).
  it("writes a pattern the newer document sets where the manifest has none", async () => {
    const older = cut(["open", "paid"], { maxLength: 40 }, {});
    const newer = cut(["open", "paid"], { maxLength: 40 }, { pattern: "^[\\w\\W]+$" });
    const out = tightenManifest(manifest, newer, "openapi.yaml", older);
    expect(params(out.text).zqnote.pattern).toBe("^[\\w\\W]+$");
    expect(out.lines).toEqual([
      'operations.zqpayments_list.params.zqnote.pattern: "^[\\\\w\\\\W]+$" (body field "/note"\'s pattern in the ' +
        "newer document)",
    ]);
    const mine = manifest.replace(
      "type: string\n        wire: { in: body, pointer: /note }",
      "type: string\n" + "        pattern: ^zq\n        wire: { in: body, pointer: /note }",
    );
    expect(params(tightenManifest(mine, newer, "openapi.yaml", older).text).zqnote.pattern).toBe("^zq");
  });

  // eGain's ids: `^[0-9]+$` in one version, `^[\w\W]*$` in the next; generate refused the older one (BW2007).
  it("lets the older document's pattern the manifest holds follow the newer one's", () => {
    const older = cut(["open", "paid"], { maxLength: 40 }, { pattern: "^[0-9]+$" });
    const newer = cut(["open", "paid"], { maxLength: 40 }, { pattern: "^zq[0-9]*$" });
    const held = manifest.replace(
      "type: string\n        wire: { in: body, pointer: /note }",
      "type: string\n" + "        pattern: ^[0-9]+$\n        wire: { in: body, pointer: /note }",
    );
    const out = tightenManifest(held, newer, "openapi.yaml", older);
    expect(params(out.text).zqnote.pattern).toBe("^zq[0-9]*$");
    const mine = held.replace("pattern: ^[0-9]+$", "pattern: ^[0-9]{4}$");
    expect(params(tightenManifest(mine, newer, "openapi.yaml", older).text).zqnote.pattern).toBe("^[0-9]{4}$");
  });

  // eGain's publish view id: example `959500000204621`, then a pattern `^[a-zA-Z0-9]{2,4}-\d{4,15}$` and `PROD-3020`.
  it("lets the older document's example its newer pattern refuses follow the newer one", () => {
    const older = cut(["open", "paid"], { maxLength: 40 }, { example: "959500000204621" });
    const newer = cut(["open", "paid"], { maxLength: 40 }, { pattern: "^[A-Z]{2,4}-\\d{4,15}$", example: "ZQ-3020" });
    const held = manifest.replace(
      "type: string\n        wire: { in: body, pointer: /note }",
      "type: string\n" + '        example: "959500000204621"\n        wire: { in: body, pointer: /note }',
    );
    const out = tightenManifest(held, newer, "openapi.yaml", older);
    expect(params(out.text).zqnote).toMatchObject({ example: "ZQ-3020", pattern: "^[A-Z]{2,4}-\\d{4,15}$" });
    const mine = held.replace('example: "959500000204621"', 'example: "ZQ-0001"');
    expect(params(tightenManifest(mine, newer, "openapi.yaml", older).text).zqnote.example).toBe("ZQ-0001");
  });

  // OpenRouter's `stream`: `nullable: true` in one version, no null in the next; generate refused the manifest.
  it("takes out nullable where the newer document admits no null", () => {
    const older = cut(["open", "paid"], { maxLength: 40 }, { nullable: true });
    const newer = cut(["open", "paid"], { maxLength: 40 }, {});
    const held = manifest.replace(
      "type: string\n        wire: { in: body, pointer: /note }",
      "type: string\n" + "        nullable: true\n        wire: { in: body, pointer: /note }",
    );
    const out = tightenManifest(held, newer, "openapi.yaml", older);
    expect(params(out.text).zqnote.nullable).toBeUndefined();
    expect(out.lines).toEqual([
      'operations.zqpayments_list.params.zqnote.nullable: taken out (body field "/note" admits no null in the newer ' +
        "document)",
    ]);
    expect(tightenManifest(held, older, "openapi.yaml", older).text).toBe(held);
  });

  it(
    "lets a list or bound the manifest holds as the older document gave it follow the newer one where it " +
      "accepts more",
    () => {
      const older = cut(["open", "paid"], { maxLength: 40 }, {});
      const newer = cut(["open", "paid", "void"], { maxLength: 64 }, {});
      const out = tightenManifest(manifest, newer, "openapi.yaml", older);
      expect(params(out.text).zqstatus.enum).toEqual(["open", "paid", "void"]);
      expect(params(out.text).zqmemo.maxLength).toBe(64);
      expect(out.lines).toHaveLength(2);
    },
  );

  it(
    "keeps a bound the newer document no longer states (it may be written another way, " + "as 3.1's anyOf with null)",
    () => {
      const older = cut(["open", "paid"], { maxLength: 40 }, {});
      const newer = cut(["open", "paid"], {}, {});
      expect(tightenManifest(manifest, newer, "openapi.yaml", older)).toEqual({ text: manifest, lines: [] });
    },
  );

  it("keeps a value the user chose (not the older document's) and, without the older cut, every looser one", () => {
    const mine = manifest.replace("enum: [open, paid]", "enum: [open]").replace("maxLength: 40", "maxLength: 20");
    const older = cut(["open", "paid"], { maxLength: 40 }, {});
    const newer = cut(["open", "paid", "void"], { maxLength: 64 }, {});
    expect(tightenManifest(mine, newer, "openapi.yaml", older)).toEqual({ text: mine, lines: [] });
    expect(tightenManifest(manifest, newer, "openapi.yaml")).toEqual({ text: manifest, lines: [] });
  });

  it("changes no line but the values it sets: a long text is not folded anew, a list written [a, b] stays so", () => {
    const long =
      "      zqstatus:\n        type: string\n        description: The status of the payments to list, " +
      "as the payments service records it when a payment moves on.\n";
    const text = manifest.replace("      zqstatus:\n        type: string\n", long);
    const out = tightenManifest(
      text,
      cut(["open"], { maxLength: 40 }, {}),
      "openapi.yaml",
      cut(["open", "paid"], { maxLength: 40 }, {}),
    );
    const changed = out.text.split("\n").filter((line) => !text.split("\n").includes(line));
    expect(changed).toEqual(["        enum: [ open ]"]);
  });

  it(
    "lets a default or example the older document gave, which the newer one no longer takes, " +
      "follow the newer one's; keeps one the user chose",
    () => {
      const text = manifest.replace(
        "enum: [open, paid]",
        "enum: [open, paid]\n        default: paid\n        example: paid",
      );
      const older = cut(["open", "paid"], { maxLength: 40 }, {}, [], { default: "paid", example: "paid" });
      const newer = cut(["open", "settled"], { maxLength: 40 }, {}, [], { default: "settled", example: "settled" });
      const out = tightenManifest(text, newer, "openapi.yaml", older);
      expect(params(out.text).zqstatus).toMatchObject({
        enum: ["open", "settled"],
        default: "settled",
        example: "settled",
      });
      expect(out.lines.filter((l) => /\.(default|example):/.test(l))).toEqual([
        'operations.zqpayments_list.params.zqstatus.default: "settled" (query parameter "status"\'s default in ' +
          'the newer document, which no longer takes the older one\'s "paid")',
        'operations.zqpayments_list.params.zqstatus.example: "settled" (query parameter "status"\'s example in ' +
          'the newer document, which no longer takes the older one\'s "paid")',
      ]);
      // A default the older document did not give is the user's: it stays (generate names it at its line).
      const mine = tightenManifest(
        text,
        newer,
        "openapi.yaml",
        cut(["open", "paid"], { maxLength: 40 }, {}, [], { default: "open" }),
      );
      expect(params(mine.text).zqstatus).toMatchObject({ default: "paid", example: "paid" });
    },
  );

  it("leaves the manifest as it is when the newer cut cannot be read", () => {
    expect(tightenManifest(manifest, "{ not: [yaml", "openapi.yaml")).toEqual({ text: manifest, lines: [] });
  });
});

// A value the newer document lists, or asks as a whole number, where the older took any: generate refused the
// manifest's looser parameter (BW2006, BW2007) after --accept; the list and the integer are written.
describe("upstream --accept on a value the newer document lists or makes whole", () => {
  const sale = (currency: object, amount: object) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqsales", version: "1" },
      paths: {
        "/zqsales": {
          post: {
            operationId: "zqcreateSale",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { currency: { type: "string", ...currency }, amount: { type: "number", ...amount } },
                  },
                },
              },
            },
            responses: { "201": { description: "made" } },
          },
        },
      },
    });
  const manifestOf = `provider: zqsales
operations:
  zqsales_create:
    operationId: zqcreateSale
    params:
      currency: { type: string, default: ZQOLD, wire: { in: body } }
      amount: { type: number, wire: { in: body } }
`;

  it("writes the newer list and the integer, each with a line", () => {
    const older = sale({}, {});
    const newer = sale({ enum: ["ZQA", "ZQB", null] }, { type: "integer" });
    const tightened = tightenManifest(manifestOf, newer, "openapi.yaml", older);
    const params = parse(tightened.text).operations.zqsales_create.params;
    expect([params.currency.enum, params.currency.default, params.amount.integer]).toEqual([
      ["ZQA", "ZQB"],
      undefined,
      true,
    ]);
    expect(tightened.lines).toEqual([
      'operations.zqsales_create.params.currency.enum: ["ZQA","ZQB"] (the values body field "/currency" takes in ' +
        "the newer document)",
      'operations.zqsales_create.params.currency.default: taken out ("ZQOLD" is none of those values)',
      'operations.zqsales_create.params.amount.integer: true (body field "/amount" is an integer in the newer ' +
        "document)",
    ]);
  });

  // LaPyme's second version: `tax_category`'s values become codes (`Responsable Inscripto` →
  // `registered_vat_taxpayer`), none of the older ones left; `fee_fixed` a whole number or null (`anyOf: [{type:
  // integer}, {type: null}]`). The manifest kept the older list and any number: the contract suite sent values the
  // newer document refuses.
  it("writes a list sharing no value with the manifest's, and the integer of a value or null", () => {
    const manifestOwn = `provider: zqsales
operations:
  zqsales_create:
    operationId: zqcreateSale
    params:
      currency: { type: string, enum: [Zq Old, Zq Older], default: Zq Old, wire: { in: body } }
      amount: { type: number, wire: { in: body } }
`;
    const newer = sale(
      { enum: ["zq_new", "zq_newer"] },
      { type: undefined, anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] },
    );
    const tightened = tightenManifest(manifestOwn, newer, "openapi.yaml", sale({}, {}));
    const params = parse(tightened.text).operations.zqsales_create.params;
    expect([params.currency.enum, params.currency.default, params.amount.integer, params.amount.minimum]).toEqual([
      ["zq_new", "zq_newer"],
      undefined,
      true,
      0,
    ]);
    expect(tightened.lines).toContain(
      'operations.zqsales_create.params.currency.enum: ["zq_new","zq_newer"] (none of the values body field ' +
        '"/currency" took is in the newer document: its values)',
    );
  });
  // An identity service's sessions list: `page` from `{minimum: 0, default: 0}` to `{minimum: 1, default: 1}`. The
  // minimum was followed, the older document's default 0 kept, and generate refused it (BW2009) on every later version.
  it("lets a number's default the older document gave follow the newer one's where its new minimum refuses it", () => {
    const own = `provider: zqsales
operations:
  zqsales_create:
    operationId: zqcreateSale
    params:
      amount: { type: number, integer: true, minimum: 0, default: 0, sendDefault: false, wire: { in: body } }
      currency: { type: string, wire: { in: body } }
`;
    const older = sale({}, { type: "integer", minimum: 0, default: 0 });
    const newer = sale({}, { type: "integer", minimum: 1, default: 1 });
    const tightened = tightenManifest(own, newer, "openapi.yaml", older);
    const amount = parse(tightened.text).operations.zqsales_create.params.amount;
    expect([amount.minimum, amount.default]).toEqual([1, 1]);
    expect(tightened.lines).toContain(
      'operations.zqsales_create.params.amount.default: 1 (body field "/amount"\'s default in the newer document, ' +
        "which no longer takes the older one's 0)",
    );
  });
});

// A search API's fields of its required object query parameter (`searchParameters`, each field a parameter of its own,
// `wire.field`): each was set `required: true` because the object is required, and its limits read from the object's
// schema; later, when the newer document took out a field so marked, `--accept` kept it as no longer add's draft and
// generate refused it (BW2003). A field is required where the required object requires it.
describe("upstream --accept on the fields of an object query parameter", () => {
  const fields = `provider: zqsearch
operations:
  zqsearch_find:
    operationId: zqfind
    params:
      zqq:
        type: string
        wire: { in: query, name: zqsearchParameters, field: zqq }
      zqhits:
        type: number
        integer: true
        wire: { in: query, name: zqsearchParameters, field: zqhits }
`;
  const objectCut = (required: string[], hits: object) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqsearch", version: "1" },
      paths: {
        "/zqsearch": {
          get: {
            operationId: "zqfind",
            parameters: [
              {
                name: "zqsearchParameters",
                in: "query",
                required: true,
                schema: {
                  type: "object",
                  required,
                  properties: { zqq: { type: "string" }, zqhits: { type: "integer", ...hits } },
                },
              },
            ],
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
  const found = (text: string) => parse(text).operations.zqsearch_find.params;

  it("leaves an optional field of a required object optional, and requires one the object now requires", () => {
    const out = tightenManifest(fields, objectCut(["zqq"], { maximum: 250 }), "openapi.yaml", objectCut([], {}));
    expect(found(out.text).zqhits.required).toBeUndefined();
    expect(found(out.text).zqhits.maximum).toBe(250);
    expect(found(out.text).zqq.required).toBe(true);
    expect(out.lines).toEqual([
      'operations.zqsearch_find.params.zqq.required: true (the newer document requires field "zqq" of query ' +
        'parameter "zqsearchParameters")',
      'operations.zqsearch_find.params.zqhits.maximum: 250 (field "zqhits" of query parameter ' +
        '"zqsearchParameters"\'s maximum in the newer document)',
    ]);
  });
});
