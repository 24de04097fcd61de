// A document's example of an integer beyond ±(2^53−1) (an int64 id, 3408207428662661600): a JavaScript client holds it
// rounded and cannot send it exactly, and the mock refuses it, so it is no usable example: left out, with a note, and
// the draft still links; a safe one is kept.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

describe("an integer field whose example is beyond the safe integers", () => {
  it("drafts no example for it, says why, keeps a safe one, and links", async () => {
    const pin = {
      type: "object",
      required: ["name"],
      properties: {
        id: { type: "integer", format: "int64", example: 3408207428662661600 },
        rank: { type: "integer", format: "int64", example: 9007199254740991 },
        name: { type: "string", maxLength: 40, example: "zq pin" },
      },
    };
    const d = drafted(
      openapi({
        "/zqpins": {
          post: {
            operationId: "createZqpin",
            requestBody: { required: true, content: { "application/json": { schema: pin } } },
            responses: { "201": reply({ type: "object", properties: { name: { type: "string" } } }) },
          },
        },
      }),
      ["createZqpin"],
    );
    const params = d.manifest.operations.acme_create_zqpin?.params ?? {};
    expect(params.id).toMatchObject({ type: "number", integer: true });
    expect(params.id?.example).toBeUndefined();
    expect(params.rank?.example).toBe(9007199254740991);
    expect(notesAt(d, "operations.acme_create_zqpin.params.id")).toContainEqual(
      expect.stringMatching(/example 3408207428662661600 holds an integer beyond ±\(2\^53−1\).*no usable example/),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("drafts no example of a JSON field or a whole body of shapes that holds one inside, naming where", async () => {
    const big = 3408207428662661600;
    const shapes = [
      { type: "object", required: ["id"], properties: { id: { type: "integer", format: "int64", example: big } } },
      // An optional field of its own beside a closed shape keeps the body one parameter (keyed-shapes.test.ts).
      {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string", maxLength: 20 }, note: { type: "string" } },
        additionalProperties: false,
      },
    ];
    const meta = { type: "object", properties: { n: { type: "integer", format: "int64" } }, example: { n: big } };
    const put = { type: "object", properties: { meta } };
    const body = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });
    const done = reply({ type: "object", properties: { name: { type: "string" } } });
    const d = drafted(
      openapi({
        "/zqpins": {
          post: { operationId: "createZqpin", requestBody: body({ oneOf: shapes }), responses: { "201": done } },
          put: { operationId: "putZqpin", requestBody: body(put), responses: { "200": done } },
        },
      }),
      ["createZqpin", "putZqpin"],
    );
    expect(d.manifest.operations.acme_create_zqpin?.params?.body?.example).toBeUndefined();
    expect(d.manifest.operations.acme_put_zqpin?.params?.meta?.example).toBeUndefined();
    expect(notesAt(d, "operations.acme_create_zqpin.params.body")).toContainEqual(
      expect.stringMatching(/beyond ±\(2\^53−1\) at \/id.*no usable example/),
    );
    expect(notesAt(d, "operations.acme_put_zqpin.params.meta")).toContainEqual(
      expect.stringMatching(/beyond ±\(2\^53−1\) at \/n.*no usable example/),
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});
