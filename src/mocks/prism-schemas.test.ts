// Schemas Prism's validator (Ajv) refused were never cached: compiled again
// on every request, seconds each on a large published document, and nothing
// was checked. Rewritten as the document means them, they compile once and
// the mock checks its answers against them. And an answer whose only media
// type is `*/*`, which Prism cannot write (500), is served as JSON.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { makeSchemasCompilable } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-prism-schemas-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An answer and a request body whose schema Ajv refuses: `nullable` beside `allOf` (no `type`). */
const document = openapi(
  {
    "/zqwidgets": {
      post: {
        operationId: "putZqwidget",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqwidgetReply" } } },
        },
        responses: { "200": reply({ $ref: "#/components/schemas/ZqwidgetReply" }, { widget: { id: "5" } }) },
      },
    },
  },
  {
    schemas: {
      ZqwidgetReply: {
        type: "object",
        properties: { widget: { nullable: true, allOf: [{ $ref: "#/components/schemas/Zqwidget" }] } },
      },
      Zqwidget: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, example: { type: "object", example: { nullable: true } } },
      },
    },
  },
);

describe("schemas Prism's validator refuses", () => {
  it("are rewritten, in place and only where they are schemas, so that they compile", () => {
    const copy = structuredClone(document);
    expect(makeSchemasCompilable(copy)).toBe(1);
    const schemas = (copy.components as { schemas: Record<string, { properties: Record<string, object> }> }).schemas;
    expect(schemas.ZqwidgetReply?.properties.widget).toEqual({
      anyOf: [{ allOf: [{ $ref: "#/components/schemas/Zqwidget" }] }, { type: "null" }],
    });
    // An example that holds `nullable: true` is data: left as it is.
    expect(schemas.Zqwidget?.properties.example).toEqual({ type: "object", example: { nullable: true } });
    // Again: nothing left to rewrite.
    expect(makeSchemasCompilable(copy)).toBe(0);
  });
});

describe("a mock of a document with nullable beside allOf (zqwidgets)", () => {
  it("checks requests against those schemas: a wrong body is refused, a right one and null are taken", async () => {
    const dir = join(work, "nullable");
    mkdirSync(join(dir, "zqwidgets"), { recursive: true });
    writeFileSync(join(dir, "zqwidgets", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqwidgets"], { specsDir: dir, logLevel: "silent" });
    try {
      const post = (body: unknown) =>
        fetch(`${mocks.urls.zqwidgets}/zqwidgets`, {
          method: "POST",
          headers: {
            authorization: "Bearer zq-token-1",
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify(body),
        });
      // Unchecked before (Ajv refused the schema, Prism let every body through): a widget without its required id.
      const wrong = await post({ widget: { name: "zq" } });
      expect(wrong.status).toBe(422);
      expect(JSON.stringify(await wrong.json())).toContain("id");
      for (const body of [{ widget: { id: "zq-5" } }, { widget: null }]) {
        const right = await post(body);
        expect(right.status, JSON.stringify(body)).toBe(200);
        expect(await right.json()).toEqual({ widget: { id: "5" } });
      }
    } finally {
      await mocks.close();
    }
  });
});

describe("a oneOf with a discriminator whose branches overlap (zqmessages)", () => {
  // No branch pins `type`; the contact request requires nothing but it, so every text message matches two branches.
  const content = {
    oneOf: [{ $ref: "#/components/schemas/ZqText" }, { $ref: "#/components/schemas/ZqContactRequest" }],
    discriminator: {
      propertyName: "type",
      mapping: { text: "#/components/schemas/ZqText", contact: "#/components/schemas/ZqContactRequest" },
    },
  };
  const messages = openapi(
    {
      "/zqmessages": {
        post: {
          operationId: "sendZqmessage",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqMessage" } } },
          },
          responses: {
            "200": reply(
              { $ref: "#/components/schemas/ZqMessage" },
              { contents: [{ type: "text", text: "zq hello" }] },
            ),
          },
        },
      },
    },
    {
      schemas: {
        ZqMessage: {
          type: "object",
          required: ["contents"],
          properties: { contents: { type: "array", items: content } },
        },
        ZqText: {
          type: "object",
          required: ["type", "text"],
          properties: { type: { type: "string" }, text: { type: "string" } },
        },
        ZqContactRequest: { type: "object", required: ["type"], properties: { type: { type: "string" } } },
      },
    },
  );

  it(
    "is checked as any branch matching: the mock takes such a message and answers its own example, " +
      "and still refuses one that fits no branch",
    async () => {
      const dir = join(work, "discriminator");
      mkdirSync(join(dir, "zqmessages"), { recursive: true });
      writeFileSync(join(dir, "zqmessages", "openapi.yaml"), JSON.stringify(messages));
      const mocks = await startMocks(["zqmessages"], { specsDir: dir, logLevel: "silent" });
      try {
        const post = (body: unknown) =>
          fetch(`${mocks.urls.zqmessages}/zqmessages`, {
            method: "POST",
            headers: {
              authorization: "Bearer zq-token-1",
              "content-type": "application/json",
              accept: "application/json",
            },
            body: JSON.stringify(body),
          });
        const sent = await post({ contents: [{ type: "text", text: "zq hi" }] });
        expect(sent.status).toBe(200);
        expect(await sent.json()).toEqual({ contents: [{ type: "text", text: "zq hello" }] });
        expect((await post({ contents: [{ text: "zq no type" }] })).status).toBe(422);
      } finally {
        await mocks.close();
      }
    },
  );
});

describe("an answer whose only media type is a wildcard (zq */*)", () => {
  it("is served as JSON, not a 500 of Prism's", async () => {
    const wildcard = openapi({
      "/zqerrors": {
        get: {
          operationId: "getZqerror",
          responses: {
            "200": reply({ type: "object" }, { ok: true }),
            default: {
              description: "An error.",
              content: {
                "*/*": {
                  schema: { type: "object", properties: { message: { type: "string" } } },
                  example: { message: "zq failed" },
                },
              },
            },
          },
        },
      },
    });
    const dir = join(work, "wildcard");
    mkdirSync(join(dir, "zqerrors"), { recursive: true });
    writeFileSync(join(dir, "zqerrors", "openapi.yaml"), JSON.stringify(wildcard));
    const mocks = await startMocks(["zqerrors"], { specsDir: dir, logLevel: "silent" });
    try {
      const answer = await fetch(`${mocks.urls.zqerrors}/zqerrors`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json", prefer: "code=400" },
      });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await answer.json()).toEqual({ message: "zq failed" });
    } finally {
      await mocks.close();
    }
  });
});
