// A value the document allows in several forms (`oneOf`/`anyOf`): drafted as a json parameter with its forms
// (`anyOf`), each with its own limits, so that every form can be sent — an id or a name, a recipient's name or
// its numeric id or a list of them. Before, one form was drafted: a field taking ids or names refused ids, and
// `anyOf[string, object]` could not send the string (a json parameter parses text as JSON).
import { rmSync } from "node:fs";
import { executeToolDefinition, inputSchema, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
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

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = reply({ type: "object", properties: { id: { type: "integer" } } });
const document = openapi({
  "/zq-users/{user}": {
    get: {
      operationId: "getUser",
      parameters: [
        {
          name: "user",
          in: "path",
          required: true,
          description: "The user's numeric id or name.",
          schema: {
            oneOf: [
              { type: "integer", minimum: 1 },
              { type: "string", pattern: "^[a-z][a-z0-9_]*$", maxLength: 40 },
            ],
          },
        },
        {
          name: "anchor",
          in: "query",
          schema: { anyOf: [{ type: "string", enum: ["newest", "oldest"] }, { type: "integer" }] },
        },
      ],
      responses: { "200": ok },
    },
  },
  "/zq-messages": {
    post: {
      operationId: "sendMessage",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["to"],
              properties: {
                to: {
                  description: "A channel's name, a user's id, or a list of user ids.",
                  oneOf: [
                    { type: "string", maxLength: 60 },
                    { type: "integer" },
                    { type: "array", items: { type: "integer" }, maxItems: 10 },
                  ],
                },
                options: {
                  anyOf: [
                    { type: "string", enum: ["default"] },
                    { type: "object", properties: { silent: { type: "boolean" } } },
                  ],
                },
              },
            },
          },
        },
      },
      responses: { "200": ok },
    },
  },
});
const credential = { accessToken: "zq-token-0001" };

async function tools(): Promise<Record<string, ToolSpec>> {
  return Object.fromEntries(
    (await linkedTools(drafted(document, ["getUser", "sendMessage"]))).map((t) => [t.operationId, t]),
  );
}

async function send(tool: ToolSpec, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: 1 }));
  const result = await executeToolDefinition(
    tool,
    { ...credential, ...params },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  return { result, url: seen[0]?.url, body: seen[0]?.body };
}

describe("a value of several forms", () => {
  it("is drafted with each form and its limits, said in a note; it links", async () => {
    const d = drafted(document, ["getUser", "sendMessage"]);
    expect(d.manifest.operations.acme_get_user!.params!.user).toMatchObject({
      type: "json",
      required: true,
      anyOf: [
        { type: "number", integer: true, minimum: 1 },
        { type: "string", pattern: "^[a-z][a-z0-9_]*$", maxLength: 40 },
      ],
    });
    expect(d.manifest.operations.acme_send_message!.params!.to?.anyOf).toEqual([
      { type: "string", maxLength: 60 },
      { type: "number", integer: true },
      { type: "json", jsonType: "array", maxItems: 10, items: { type: "integer" } },
    ]);
    expect(notesAt(d, "operations.acme_send_message.params.to")).toContain(
      "the spec allows string or integer or array (oneOf): drafted as its 3 forms (anyOf), each with its limits; " +
        "a value meeting one is sent as it is",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends an id or a name in the path, each as it is; a value of neither form is refused, naming both", async () => {
    const { getUser } = await tools();
    expect((await send(getUser!, { user: 42 })).url).toBe("http://127.0.0.1:9/zq-users/42");
    expect((await send(getUser!, { user: "ada" })).url).toBe("http://127.0.0.1:9/zq-users/ada");
    // Text that is a number (the command line's) meets the integer form.
    expect((await send(getUser!, { user: "42", anchor: "newest" })).url).toBe(
      "http://127.0.0.1:9/zq-users/42?anchor=newest",
    );
    const refused = await send(getUser!, { user: "Ada Lovelace" });
    expect(refused.url).toBeUndefined();
    expect(refused.result).toMatchObject({
      success: false,
      error: { type: "validation", param: "user", rule: "anyOf" },
    });
    expect(!refused.result.success && refused.result.error.message).toBe(
      "user: must meet one of its forms: must be a value matching ^[a-z][a-z0-9_]*$; or must be a number, got " +
        '"Ada Lovelace"',
    );
  });

  it(
    "sends a name as text, an id as a number and a list as a list in a JSON body; a string " +
      "beside an object stays a string",
    async () => {
      const { sendMessage } = await tools();
      expect(JSON.parse((await send(sendMessage!, { to: "general" })).body!)).toEqual({ to: "general" });
      expect(JSON.parse((await send(sendMessage!, { to: 7 })).body!)).toEqual({ to: 7 });
      expect(JSON.parse((await send(sendMessage!, { to: [7, 8] })).body!)).toEqual({ to: [7, 8] });
      expect(JSON.parse((await send(sendMessage!, { to: 7, options: "default" })).body!)).toEqual({
        to: 7,
        options: "default",
      });
      expect(JSON.parse((await send(sendMessage!, { to: 7, options: { silent: true } })).body!)).toEqual({
        to: 7,
        options: { silent: true },
      });
      expect((await send(sendMessage!, { to: Array.from({ length: 11 }, (_, i) => i) })).result).toMatchObject({
        success: false,
        error: { param: "to", rule: "maxItems" },
      });
    },
  );

  it("is typed as each form, and shown to models as each form", async () => {
    const { sendMessage } = await tools();
    const to = sendMessage!.params.find((p) => p.name === "to")!;
    expect(paramTsType(to)).toBe("string | number | number[]");
    expect(inputSchema(sendMessage!).properties.to).toMatchObject({
      anyOf: [{ type: "string", maxLength: 60 }, { type: "integer" }, { type: "array", maxItems: 10 }],
    });
  });
});

describe("a body of several shapes beside its common fields (allOf with oneOf)", () => {
  const shapes = openapi({
    "/zq-payments": {
      post: {
        operationId: "createPayment",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                allOf: [
                  {
                    oneOf: [
                      {
                        type: "object",
                        required: ["card", "kind"],
                        properties: { card: { type: "string", maxLength: 19 }, kind: { type: "string" } },
                      },
                      {
                        type: "object",
                        required: ["iban", "kind"],
                        properties: { iban: { type: "string", maxLength: 34 }, kind: { type: "string" } },
                      },
                    ],
                  },
                  { type: "object", required: ["amount"], properties: { amount: { type: "integer", minimum: 1 } } },
                ],
              },
            },
          },
        },
        responses: { "201": ok },
      },
    },
  });

  it(
    "drafts each shape's fields, required where every shape requires them, with a note; it " +
      "links and sends one shape's",
    async () => {
      const d = drafted(shapes, ["createPayment"]);
      const params = d.manifest.operations.acme_create_payment!.params!;
      expect(Object.keys(params)).toEqual(["amount", "card", "kind", "iban"]);
      expect([params.amount?.required, params.card?.required, params.kind?.required, params.iban?.required]).toEqual([
        true,
        undefined,
        true,
        undefined,
      ]);
      expect(notesAt(d, "operations.acme_create_payment.params")).toContain(
        "the request body is one of 2 shapes beside its common fields (oneOf): the fields of each shape drafted " +
          "(card, kind, iban), optional unless every shape requires them; a call gives those of one shape",
      );
      expect(await linkProblems(d)).toEqual([]);
      const [tool] = await linkedTools(d);
      expect(
        JSON.parse((await send(tool!, { amount: 5, kind: "sepa", iban: "DE02120300000000202051" })).body!),
      ).toEqual({
        amount: 5,
        kind: "sepa",
        iban: "DE02120300000000202051",
      });
    },
  );
});

describe("an answer's field of one scalar form and null (3.1's nullable: anyOf [string, null])", () => {
  const job = (progress: Json) =>
    openapi({
      "/zq-jobs/{id}": {
        get: {
          operationId: "getJob",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 9 } }],
          responses: {
            "200": reply({
              type: "object",
              required: ["id", "progress"],
              properties: { id: { type: "string" }, progress },
            }),
          },
        },
      },
    });

  it("is an output of that scalar type, optional; it links and reads a value and null", async () => {
    const d = drafted(job({ description: "The stage.", anyOf: [{ type: "string" }, { type: "null" }] }), ["getJob"]);
    expect(d.manifest.operations.acme_get_job!.outputs["metadata.progress"]).toEqual({
      type: "string",
      from: "$response.body#/progress",
      optional: true,
      description: "The stage.",
    });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch } = scriptedFetch(json(200, { id: "j1", progress: "sent" }));
    expect(
      await executeToolDefinition(tool!, { ...credential, id: "j1" }, { baseUrl: "http://127.0.0.1:9", fetch }),
    ).toMatchObject({ success: true, output: { metadata: { progress: "sent" } } });
  });

  it(
    "is a json output where the forms are several scalar kinds (a one-type output would refuse " + "the other kind)",
    () => {
      const d = drafted(job({ oneOf: [{ type: "integer" }, { type: "string", enum: ["done"] }] }), ["getJob"]);
      expect(d.manifest.operations.acme_get_job!.outputs["metadata.progress"]).toMatchObject({
        type: "json",
        from: "$response.body#/progress",
      });
    },
  );
});

describe("a reply field of several scalar kinds", () => {
  const field = (schema: Json) => ({
    type: "object",
    required: ["id", "owner"],
    properties: { id: { type: "string" }, owner: schema },
  });
  const getShelf = (schema: Json) =>
    openapi(
      {
        "/zq-shelves/{id}": {
          get: {
            operationId: "getShelf",
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } }],
            responses: { "200": reply(field(schema)) },
          },
        },
      },
      {},
      { openapi: "3.1.0" },
    );

  it.each([
    [
      "oneOf: [string, integer]",
      { oneOf: [{ type: "string" }, { type: "integer" }], description: "Who owns it: a name or a numeric id." },
    ],
    [
      "type: [string, number, null]",
      { type: ["string", "number", "null"], description: "Who owns it: a name or a numeric id." },
    ],
  ] as [string, Json][])(
    "%s: drafted as an output typed as the union (json), read whichever kind the reply holds",
    async (_, schema) => {
      const d = drafted(getShelf(schema), ["getShelf"]);
      expect(d.manifest.operations.acme_get_shelf!.outputs["metadata.owner"]).toEqual({
        type: "json",
        from: "$response.body#/owner",
        ...(Array.isArray(schema.type) ? { optional: true } : {}),
        description: "Who owns it: a name or a numeric id. (a number or a string)",
      });
      const [tool] = await linkedTools(d);
      for (const owner of ["zq-ada", 7]) {
        const { fetch } = scriptedFetch(json(200, { id: "s1", owner }));
        const done = await executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001", id: "s1" },
          { baseUrl: "http://127.0.0.1:9", fetch, validateOutputs: true },
        );
        expect(done.success && done.output.metadata).toEqual({ id: "s1", owner });
      }
    },
  );
});
