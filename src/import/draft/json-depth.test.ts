// A body field that is a list or an object, drafted as one JSON parameter: what the document says of what it holds
// (a list's items are objects of typed fields; an object is one of several shapes, each naming itself by a field of
// one value) is checked before any request, at every depth the link records, each refusal naming its place inside the
// value. Without it a list of texts where objects were typed, and a shape no branch names, went to the upstream.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
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

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const post = (path: string, operationId: string, schema: unknown) => ({
  [path]: {
    post: { operationId, requestBody: { required: true, content: { "application/json": { schema } } }, responses: ok },
  },
});

/** A call of `tool` with `input`: its result, and the bodies of the requests it sent. */
async function call(tool: ToolSpec, input: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(
    tool,
    { accessToken: "zq-token-0000000001", ...input },
    { baseUrl: "https://api.acme.test", retries: 0, fetch },
  );
  return { result, bodies: seen.map((r) => JSON.parse(r.body) as unknown) };
}

const text = { type: "string" };
// OpenAPI 3.1: a list of token references, each an object of typed fields, two required.
const token = {
  type: "object",
  required: ["zqContract", "zqTokenId"],
  properties: {
    zqContract: text,
    zqTokenId: text,
    zqKind: { type: "string", enum: ["ZQ721", "ZQ1155"] },
    zqTraits: { type: "array", items: { type: "object", properties: { zqName: text, zqRank: { type: "integer" } } } },
  },
};
const tokensDoc = openapi(
  post("/zqnfts/metadata", "getZqMetadataBatch", {
    type: "object",
    required: ["zqTokens"],
    properties: { zqTokens: { type: "array", items: token, maxItems: 100 }, zqRefresh: { type: "boolean" } },
  }),
  {},
  { openapi: "3.1.0" },
);

describe("a list whose items the document types as objects (OpenAPI 3.1)", () => {
  it("drafts one JSON list; the link records its items' kind and fields, two levels deep", async () => {
    const d = drafted(tokensDoc, ["getZqMetadataBatch"], "zqnft");
    const param = d.manifest.operations.zqnft_get_zq_metadata_batch!.params!.zqTokens!;
    expect(param).toMatchObject({ type: "json", jsonType: "array" });
    expect(await linkProblems(d, "zqnft")).toEqual([]);
    const [tool] = await linkedTools(d, "zqnft");
    expect(tool!.params.find((p) => p.name === "zqTokens")!.items).toEqual({
      type: "object",
      fields: {
        zqContract: { type: "string" },
        zqTokenId: { type: "string" },
        zqKind: { type: "string", enum: ["ZQ721", "ZQ1155"] },
        zqTraits: {
          type: "array",
          items: { type: "object", fields: { zqName: { type: "string" }, zqRank: { type: "integer" } } },
        },
      },
      required: ["zqContract", "zqTokenId"],
    });
  });

  it("refuses items of another kind or a field missing or mistyped before any request; sends the rest", async () => {
    const [tool] = await linkedTools(drafted(tokensDoc, ["getZqMetadataBatch"], "zqnft"), "zqnft");
    const refusals = {
      'zqTokens[0]: must be an object, got "0xzq01"': ["0xzq01"],
      "zqTokens[1].zqTokenId: is required, got nothing": [
        { zqContract: "0xzq", zqTokenId: "1" },
        { zqContract: "0xzq" },
      ],
      "zqTokens[0].zqTokenId: must be a string, got 44": [{ zqContract: "0xzq", zqTokenId: 44 }],
      'zqTokens[0].zqTraits[0].zqRank: must be a number, got "high"': [
        { zqContract: "0xzq", zqTokenId: "1", zqTraits: [{ zqName: "zqhat", zqRank: "high" }] },
      ],
      'zqTokens[0].zqKind: must be one of ZQ721, ZQ1155, got "ZQ20"': [
        { zqContract: "0xzq", zqTokenId: "1", zqKind: "ZQ20" },
      ],
    };
    for (const [message, zqTokens] of Object.entries(refusals)) {
      const { result, bodies } = await call(tool!, { zqTokens });
      expect(result.success ? "sent" : result.error.message).toContain(message);
      expect(bodies).toEqual([]);
    }
    // A list meeting them goes intact, a field the document does not name included.
    const zqTokens = [
      { zqContract: "0xzq", zqTokenId: "1", zqKind: "ZQ721", zqTraits: [{ zqName: "zqhat", zqRank: 2 }] },
      { zqContract: "0xzq", zqTokenId: "2", zqUnlisted: { any: ["thing"] } },
    ];
    const sent = await call(tool!, { zqTokens, zqRefresh: true });
    expect(sent.result.success).toBe(true);
    expect(sent.bodies).toEqual([{ zqTokens, zqRefresh: true }]);
  });
});

// Five closed shapes of an action, each naming itself by `type`.
const action = (type: string, fields: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  additionalProperties: false,
  required: ["type", ...required],
  properties: { type: { type: "string", enum: [type] }, ...fields },
});
const actionsDoc = openapi(
  post("/zqwebhooks", "createZqWebhook", {
    type: "object",
    required: ["zqActionDetails"],
    properties: {
      zqName: text,
      zqActionDetails: {
        oneOf: [
          action("ZqCallback", { url: { type: "string", format: "uri" } }, ["url"]),
          action("ZqEmail", { to: { type: "array", items: { type: "string", format: "email" } } }, ["to"]),
          action("ZqQueue", { queue: text, delaySeconds: { type: "integer", minimum: 0 } }, ["queue"]),
          action("ZqLog", { level: { type: "string", enum: ["info", "warn"] } }),
          action("ZqNone", {}),
        ],
      },
    },
  }),
);

describe("an object that is one of several shapes, each naming itself by a field of one value", () => {
  it("drafts one JSON object; the link records its shapes and the field naming them", async () => {
    const d = drafted(actionsDoc, ["createZqWebhook"], "zqhook");
    expect(d.manifest.operations.zqhook_create_zq_webhook!.params!.zqActionDetails).toMatchObject({
      type: "json",
      jsonType: "object",
    });
    // The review note says what a value is held to (it said "without the limits of any one of them").
    expect(notesAt(d, "operations.zqhook_create_zq_webhook.params.zqActionDetails")).toContain(
      "the spec allows object or object or object or object or object (oneOf): drafted as object, each value held " +
        "before any request to the one its type names",
    );
    expect(await linkProblems(d, "zqhook")).toEqual([]);
    const [tool] = await linkedTools(d, "zqhook");
    const object = tool!.params.find((p) => p.name === "zqActionDetails")!.object!;
    expect(object.tag).toBe("type");
    expect(object.shapes!.map((s) => s.fields.type!.enum)).toEqual([
      ["ZqCallback"],
      ["ZqEmail"],
      ["ZqQueue"],
      ["ZqLog"],
      ["ZqNone"],
    ]);
    expect(object.shapes![2]).toEqual({
      fields: {
        type: { type: "string", enum: ["ZqQueue"] },
        queue: { type: "string" },
        delaySeconds: { type: "integer", minimum: 0 },
      },
      required: ["type", "queue"],
      // Each shape is closed (additionalProperties: false): a value of it holds its own fields only.
      closed: true,
    });
  });

  it("refuses a value naming no shape or breaking its own before any request; sends a shaped one intact", async () => {
    const [tool] = await linkedTools(drafted(actionsDoc, ["createZqWebhook"], "zqhook"), "zqhook");
    const refusals = {
      'zqActionDetails.type: must be one of ZqCallback, ZqEmail, ZqQueue, ZqLog, ZqNone, got "Bogus"': {
        type: "Bogus",
      },
      "zqActionDetails.type: is required (one of ZqCallback, ZqEmail, ZqQueue, ZqLog, ZqNone), got nothing": {
        queue: "zq-jobs",
      },
      "zqActionDetails.queue: is required, got nothing": { type: "ZqQueue" },
      "zqActionDetails.delaySeconds: must be at least 0, got -5": { type: "ZqQueue", queue: "q", delaySeconds: -5 },
      'zqActionDetails.to[1]: must be an email address, such as someone@example.com, got "nobody"': {
        type: "ZqEmail",
        to: ["zq@example.com", "nobody"],
      },
    };
    for (const [message, zqActionDetails] of Object.entries(refusals)) {
      const { result, bodies } = await call(tool!, { zqActionDetails });
      expect(result.success ? "sent" : result.error.message).toContain(message);
      expect(bodies).toEqual([]);
    }
    // A value of one shape goes intact.
    for (const zqActionDetails of [
      { type: "ZqQueue", queue: "zq-jobs", delaySeconds: 30 },
      { type: "ZqEmail", to: ["zq@example.com"] },
      { type: "ZqNone" },
    ]) {
      const { result, bodies } = await call(tool!, { zqActionDetails, zqName: "zqhook" });
      expect(result.success).toBe(true);
      expect(bodies).toEqual([{ zqName: "zqhook", zqActionDetails }]);
    }
  });
});

// The same told apart by the document's discriminator: members by reference, their tag a plain text, the values the
// mapping's (two naming one shape) or the schema's own name.
const zqCard = { type: "object", required: ["kind", "last4"], properties: { kind: text, last4: text } };
const zqBank = { type: "object", required: ["kind", "iban"], properties: { kind: text, iban: text } };
const paymentsDoc = openapi(
  post("/zqpayments", "createZqPayment", {
    type: "object",
    properties: {
      zqMethod: {
        oneOf: [{ $ref: "#/components/schemas/ZqCard" }, { $ref: "#/components/schemas/ZqBank" }],
        discriminator: {
          propertyName: "kind",
          mapping: { card: "#/components/schemas/ZqCard", debit: "#/components/schemas/ZqCard" },
        },
      },
    },
  }),
  { schemas: { ZqCard: zqCard, ZqBank: zqBank } },
);

describe("a union of objects told apart by the document's discriminator", () => {
  it("takes the mapping's values, or the schema's name, and refuses a value naming neither", async () => {
    const [tool] = await linkedTools(drafted(paymentsDoc, ["createZqPayment"], "zqpay"), "zqpay");
    const object = tool!.params.find((p) => p.name === "zqMethod")!.object!;
    expect(object.tag).toBe("kind");
    expect(object.shapes!.map((s) => s.fields.kind!.enum)).toEqual([["card", "debit"], ["ZqBank"]]);
    const refused = await call(tool!, { zqMethod: { kind: "cash" } });
    expect(refused.result.success ? "sent" : refused.result.error.message).toContain(
      'zqMethod.kind: must be one of card, debit, ZqBank, got "cash"',
    );
    expect(refused.bodies).toEqual([]);
    const missing = await call(tool!, { zqMethod: { kind: "ZqBank", last4: "4242" } });
    expect(missing.result.success ? "sent" : missing.result.error.message).toContain(
      "zqMethod.iban: is required, got nothing",
    );
    const zqMethod = { kind: "debit", last4: "4242" };
    const sent = await call(tool!, { zqMethod });
    expect(sent.result.success).toBe(true);
    expect(sent.bodies).toEqual([{ zqMethod }]);
  });
});

// A document is input from outside: a field it names `__proto__` is recorded as a field (an assignment would have set
// the record's prototype and lost it), so its kind is checked as any other's.
describe("an object field named __proto__", () => {
  it("is recorded as a field and its kind checked before any request", async () => {
    const fields = JSON.parse('{"__proto__": {"type": "integer"}, "zqName": {"type": "string"}}');
    const doc = openapi(
      post("/zqprotos", "createZqProto", {
        type: "object",
        required: ["zqItem"],
        properties: { zqItem: { type: "object", properties: fields } },
      }),
    );
    const d = drafted(doc, ["createZqProto"], "zqproto");
    const [tool] = await linkedTools(d, "zqproto");
    const recorded = tool!.params.find((p) => p.name === "zqItem")!.object?.fields ?? {};
    expect(Object.keys(recorded)).toEqual(["__proto__", "zqName"]);
    const refused = await call(tool!, { zqItem: JSON.parse('{"__proto__": "zq", "zqName": "a"}') });
    expect(refused.bodies).toEqual([]);
    expect(JSON.stringify(refused.result)).toContain("__proto__");
  });
});
