// A request body that is a union of channels, each an `allOf` of a message kind (`$ref`) and a channel (`$ref`): Prism
// merges an `allOf`'s members before it checks, and its merge kept the first `$ref` alone, so that every channel's
// branch lost its channel, a body of one channel met two branches, and Prism refused it ("must match exactly one
// schema in oneOf"). The mock's copy writes such members out, as copies: a schema holding itself deeper down (a tree of
// categories) as the schema itself made the document a cycle, and the mock's start overflowed its stack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { makeSchemasCompilable } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-all-of-refs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const channel = (name: string) => ({
  type: "object",
  required: ["zqChannel"],
  properties: { zqChannel: { type: "string", enum: [name] } },
});
const schemas = {
  ZqPicture: {
    type: "object",
    required: ["zqUrl"],
    properties: { zqUrl: { type: "string" }, zqKind: { type: "string", enum: ["picture"] } },
  },
  ZqLoud: channel("zqloud"),
  ZqQuiet: channel("zqquiet"),
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const body = {
  oneOf: [{ allOf: [ref("ZqPicture"), ref("ZqLoud")] }, { allOf: [ref("ZqPicture"), ref("ZqQuiet")] }],
};

describe("an allOf of two $ref members in a request body", () => {
  it("is checked with both: a body of one channel meets one branch, and the mock accepts it", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqsender"), { recursive: true });
    const document = openapi(
      {
        "/zqsend": {
          post: {
            operationId: "zqsend",
            requestBody: { required: true, content: { "application/json": { schema: body } } },
            responses: { "202": { description: "ok" } },
          },
        },
      },
      { schemas },
    );
    writeFileSync(join(dir, "zqsender", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqsender"], { specsDir: dir, logLevel: "silent" });
    try {
      const send = async (value: unknown) => {
        const response = await fetch(`${mocks.urls.zqsender}/zqsend`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", "content-type": "application/json" },
          body: JSON.stringify(value),
        });
        await response.arrayBuffer();
        return [response.status, response.headers.get("sl-violations")];
      };
      expect(await send({ zqUrl: "https://zq.test/a.png", zqKind: "picture", zqChannel: "zqloud" })).toEqual([
        202,
        null,
      ]);
      // Still held to the channels: one no branch names is refused.
      expect((await send({ zqUrl: "https://zq.test/a.png", zqChannel: "zqnone" }))[0]).toBe(422);
    } finally {
      await mocks.close();
    }
  });

  it("starts and checks a schema that holds itself through an allOf deeper down (a tree of categories)", async () => {
    const dir = join(work, "tree");
    mkdirSync(join(dir, "zqtree"), { recursive: true });
    const base = { type: "object", required: ["zqName"], properties: { zqName: { type: "string" } } };
    const category = {
      allOf: [
        ref("ZqBase"),
        {
          properties: {
            zqChildren: { type: "array", items: { allOf: [ref("ZqCategory"), { description: "A child." }] } },
          },
        },
      ],
    };
    const document = openapi(
      {
        "/zqcategories": {
          post: {
            operationId: "zqcategorise",
            requestBody: { required: true, content: { "application/json": { schema: ref("ZqCategory") } } },
            responses: { "201": { description: "ok" } },
          },
        },
      },
      { schemas: { ZqBase: base, ZqCategory: category } },
    );
    writeFileSync(join(dir, "zqtree", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqtree"], { specsDir: dir, logLevel: "silent" });
    try {
      const send = async (value: unknown) => {
        const response = await fetch(`${mocks.urls.zqtree}/zqcategories`, {
          method: "POST",
          headers: { authorization: "Bearer zq-token-1", "content-type": "application/json" },
          body: JSON.stringify(value),
        });
        await response.arrayBuffer();
        return response.status;
      };
      expect(await send({ zqName: "zqa", zqChildren: [{ zqName: "zqb", zqChildren: [] }] })).toBe(201);
      // A child without its name is refused: the written-out member is still checked.
      expect(await send({ zqName: "zqa", zqChildren: [{ zqChildren: [] }] })).toBe(422);
    } finally {
      await mocks.close();
    }
  });

  it("writes out a copy of a member that is a reference alone; one already being written out stays a $ref", () => {
    const root = {
      components: {
        schemas: {
          ...structuredClone(schemas),
          ZqLoop: { allOf: [{ $ref: "#/components/schemas/ZqLoop" }, { type: "object" }] },
          ZqNoted: { allOf: [{ $ref: "#/components/schemas/ZqLoud", description: "zq" }, { type: "object" }] },
        },
      },
      zq: structuredClone(body),
    };
    makeSchemasCompilable(root);
    expect(root.zq.oneOf[0]?.allOf).toEqual([schemas.ZqPicture, schemas.ZqLoud]);
    expect(root.zq.oneOf[0]?.allOf[0]).not.toBe(root.components.schemas.ZqPicture);
    // ZqLoop names itself: written out once, its copy's own reference to it left a reference (no cycle).
    expect(root.components.schemas.ZqLoop.allOf[0]).toEqual({
      allOf: [{ $ref: "#/components/schemas/ZqLoop" }, { type: "object" }],
    });
    expect(() => JSON.stringify(root)).not.toThrow();
    expect(root.components.schemas.ZqNoted.allOf[0]).toEqual({
      $ref: "#/components/schemas/ZqLoud",
      description: "zq",
    });
  });
});
