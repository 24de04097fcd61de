// Where error answers keep their message, in shapes the usual places miss:
// a usual place inside an object the answer wraps the error in, a list of
// message objects whose name says so (errors, inside such an object too), a
// usual place holding a list of texts, lists of texts by field (only an
// example shows them: in an object named for errors, or the whole answer),
// and an example of another shape than its schema's (which shows no place).
// And a header parameter's example the runtime would refuse there is left
// out, not drafted for generate to refuse. Each drafted place is read by the
// runtime from such an answer.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
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

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
/** A document with one GET whose 400 answer is `answer`. */
const withError = (answer: Record<string, unknown>) =>
  openapi({ "/zqgadgets": { get: { operationId: "listZqGadgets", responses: { ...ok, "400": answer } } } });
const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The message the runtime reads from `body`, answered with a 400 to the drafted tool. */
async function messageOf(d: ReturnType<typeof drafted>, body: unknown): Promise<unknown> {
  const [tool] = await linkedTools(d);
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001" },
    { baseUrl: "https://api.acme.test", fetch: async () => json(body, 400), retries: 0 },
  );
  return result.success ? undefined : result.error.message;
}

describe("an error answer's message", () => {
  it("beside a code in error, in errorDescription or error_message: {error: code, errorDescription}", async () => {
    for (const name of ["errorDescription", "error_message"]) {
      const answer = {
        type: "object",
        properties: { error: { type: "string", enum: ["zq_invalid_format"] }, [name]: { type: "string" } },
      };
      const d = drafted(withError(reply(answer)), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual([`$response.body#/${name}`]);
      expect(await linkProblems(d)).toEqual([]);
      expect(await messageOf(d, { error: "zq_invalid_format", [name]: "the zqformat is not pdf" })).toBe(
        "the zqformat is not pdf",
      );
    }
  });

  it('in the first text of an answer that is a list of texts: ["…"]', async () => {
    const d = drafted(withError(reply({ type: "array", items: { type: "string" } })), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/0"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(await messageOf(d, ["zqgadget task not found", "zq second"])).toBe("zqgadget task not found");
  });

  it("in a field with no type whose example is text, named as a message: {zq-code-label: {example}}", async () => {
    const answer = {
      type: "object",
      properties: { "zq-code": { example: "401" }, "zq-code-label": { example: "zqgadget login refused" } },
    };
    const d = drafted(withError(reply(answer)), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zq-code-label"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(await messageOf(d, { "zq-code": "401", "zq-code-label": "zqgadget login refused" })).toBe(
      "zqgadget login refused",
    );
  });

  it(
    "in a usual place of the first item of an answer that is a list of errors: [{success, " +
      "error: {code, message}}]",
    async () => {
      const item = {
        type: "object",
        properties: {
          success: { type: "boolean" },
          error: { type: "object", properties: { code: { type: "integer" }, message: { type: "string" } } },
          stats: { type: "object" },
        },
      };
      const d = drafted(withError(reply({ type: "array", items: item })), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual(["$response.body#/0/error/message"]);
      expect(await linkProblems(d)).toEqual([]);
      expect(
        await messageOf(d, [{ success: false, error: { code: 1000, message: "zqgadget login refused" }, stats: {} }]),
      ).toBe("zqgadget login refused");
    },
  );

  it("in a usual place inside an envelope object: {header: {error}, body: {}}", async () => {
    const schema = {
      type: "object",
      properties: {
        body: { type: "object" },
        header: {
          type: "object",
          properties: { code: { type: "integer" }, error: { type: "string" }, id: { type: "integer" } },
        },
      },
    };
    const d = drafted(withError(reply(schema)), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/header/error"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(await messageOf(d, { body: {}, header: { code: 400, error: "no such zqgadget", id: 7 } })).toBe(
      "no such zqgadget",
    );
  });

  it(
    "in the items of a list named as messages, by a text field of any message name: " +
      "{tppMessages: [{category, code, text}]}",
    async () => {
      const item = {
        type: "object",
        properties: {
          category: { type: "string" },
          code: { type: "string" },
          path: { type: "string" },
          text: { type: "string" },
        },
      };
      const d = drafted(
        withError(
          reply({
            type: "object",
            properties: { _links: { type: "object" }, zqMessages: { type: "array", items: item } },
          }),
        ),
        ["listZqGadgets"],
      );
      expect(d.manifest.errors.message).toEqual(["$response.body#/zqMessages/0/text"]);
      expect(
        await messageOf(d, {
          zqMessages: [{ category: "ERROR", code: "FORMAT_ERROR", text: "zqgadget id malformed" }],
        }),
      ).toBe("zqgadget id malformed");
    },
  );

  it("in the items of a list of errors, by a field named issue: {errors: [{code, issue}]}", async () => {
    const text = { type: "string", minLength: 1 };
    const item = {
      type: "object",
      required: ["code", "issue"],
      properties: {
        code: text,
        field: text,
        issue: text,
        link: text,
        location: { type: "string", enum: ["body", "query"] },
        suggested_action: text,
        value: text,
      },
    };
    const d = drafted(withError(reply({ type: "object", properties: { errors: { type: "array", items: item } } })), [
      "listZqGadgets",
    ]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/errors/0/issue"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(
      await messageOf(d, {
        errors: [{ code: "ZQ_FIELD", field: "zqsize", issue: "zqsize is too large", suggested_action: "shrink" }],
      }),
    ).toBe("zqsize is too large");
  });

  it(
    "in the items of a list of errors inside an envelope, by a reason code where no field names a message: " +
      "{Errors: {Error: [{ReasonCode, Source}]}} (objects without a type)",
    async () => {
      const item = { properties: { ReasonCode: { type: "string" }, Source: { type: "string" } } };
      const schema = { properties: { ZqErrors: { properties: { ZqError: { type: "array", items: item } } } } };
      const d = drafted(withError(reply(schema)), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual(["$response.body#/ZqErrors/ZqError/0/ReasonCode"]);
      expect(await linkProblems(d)).toEqual([]);
      expect(
        await messageOf(d, { ZqErrors: { ZqError: [{ ReasonCode: "ZQ_INVALID_ROUTE", Source: "zq.route.number" }] } }),
      ).toBe("ZQ_INVALID_ROUTE");
    },
  );

  it("in a usual place that holds a list of texts, its first: {errors: [{field, message: [text]}]}", async () => {
    const item = {
      type: "object",
      properties: { field: { type: "string" }, message: { type: "array", items: { type: "string" } } },
    };
    const d = drafted(withError(reply({ type: "object", properties: { errors: { type: "array", items: item } } })), [
      "listZqGadgets",
    ]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/errors/0/message/0"]);
    expect(await linkProblems(d)).toEqual([]);
    expect(
      await messageOf(d, { errors: [{ field: "name", message: ["zqgadget name is too long", "and has a tab"] }] }),
    ).toBe("zqgadget name is too long");
    // Shown by an example only, the same place.
    const shown = drafted(
      withError({
        description: "Bad.",
        content: { "application/json": { example: { errors: [{ field: "name", message: ["too long"] }] } } },
      }),
      ["listZqGadgets"],
    );
    expect(shown.manifest.errors.message).toEqual(["$response.body#/errors/0/message/0"]);
  });

  it("in the one list of texts of an envelope named for errors, its first: {errors: {body: [text]}}", async () => {
    const errors = {
      type: "object",
      required: ["body"],
      properties: { body: { type: "array", items: { type: "string" } } },
    };
    const d = drafted(withError(reply({ type: "object", required: ["errors"], properties: { errors } })), [
      "listZqGadgets",
    ]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/errors/body/0"]);
    expect(notesAt(d, "errors.message")).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
    expect(await messageOf(d, { errors: { body: ["zqgadget title can't be blank", "and is taken"] } })).toBe(
      "zqgadget title can't be blank",
    );
  });

  it(
    "in a list of errors inside an envelope object, by its items' text field of any message " +
      "name: {fault: {errors: [{description, errorCode}], traceId}}",
    async () => {
      const item = { type: "object", properties: { description: { type: "string" }, errorCode: { type: "string" } } };
      const fault = {
        type: "object",
        properties: {
          errors: { type: "array", items: item },
          faultId: { type: "string" },
          traceId: { type: "string" },
        },
      };
      const d = drafted(withError(reply({ type: "object", properties: { fault } })), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual(["$response.body#/fault/errors/0/description"]);
      expect(await linkProblems(d)).toEqual([]);
      expect(
        await messageOf(d, {
          fault: {
            errors: [{ description: "the zqtenant is invalid", errorCode: "TENANT_INVALID" }],
            faultId: "f1",
            traceId: "t1",
          },
        }),
      ).toBe("the zqtenant is invalid");
    },
  );

  it("in lists of texts by field, where only an example shows the answer: {errors: {base: [text]}}", async () => {
    const answer = {
      description: "Unprocessable.",
      content: { "application/json": { example: { errors: { base: ["a zqgadget needs a name"] } } } },
    };
    const d = drafted(withError(answer), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/errors/base/0"]);
    expect(notesAt(d, "errors").join("\n")).toContain("read from the error replies' schemas and examples");
    // The place names the field the example shows errors of: said, as another field's errors are not read there.
    expect(notesAt(d, "errors.message")).toEqual([
      expect.stringMatching(/^\$response\.body#\/errors\/base\/0 reads the errors of base only/),
    ]);
    expect(await messageOf(d, { errors: { base: ["a zqgadget needs a name"] } })).toBe("a zqgadget needs a name");
  });

  it("in the first list of an answer of lists of texts by field, its only example: {zqPartner: [text]}", async () => {
    // An open object (additionalProperties: true) whose one example keys its messages by the field at fault.
    const example = { zqPartner: ["zqPartner was not found or could not be parsed"] };
    const d = drafted(withError(reply({ type: "object", additionalProperties: true }, example)), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqPartner/0"]);
    expect(notesAt(d, "errors.message")).toEqual([
      expect.stringMatching(/^\$response\.body#\/zqPartner\/0 reads the errors of zqPartner only/),
    ]);
    expect(await messageOf(d, example)).toBe("zqPartner was not found or could not be parsed");
    // Another field's errors are not read there: the status line, as for an answer without a message.
    expect(await messageOf(d, { zqTenant: ["unknown"] })).toMatch(/^HTTP 400\b.*no error message/);
  });

  it("in the first problem a problem lists, where its example has none of its own: {problems: [{title}]}", async () => {
    // RFC 9457's `title` in the schema, which lists problems of its own shape; the example has no title at the top.
    const problem = {
      type: "object",
      properties: {
        title: { type: "string" },
        name: { type: "string" },
        problems: { type: "array", items: { $ref: "#/components/schemas/ZqProblem" } },
      },
    };
    const example = { zqEvents: "required", name: "zqEvents", problems: [{ name: "zqEvents", title: "is required" }] };
    const answer = reply({ $ref: "#/components/schemas/ZqProblem" }, example);
    const doc = openapi(
      { "/zqgadgets": { get: { operationId: "listZqGadgets", responses: { ...ok, "400": answer } } } },
      { schemas: { ZqProblem: problem } },
    );
    const d = drafted(doc, ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/title", "$response.body#/problems/0/title"]);
    expect(await messageOf(d, example)).toBe("is required");
    expect(await messageOf(d, { title: "zq refused", problems: [] })).toBe("zq refused");
  });

  it("in a usual place of the first item of a batch's list, where only an example shows it", async () => {
    // An answer per item of a batch: `{items: [{errors: [{detail, title}], id, status}]}`.
    const example = { items: [{ errors: [{ detail: "zq duplicate", title: "Duplicate" }], id: "zq1", status: "X" }] };
    const answer = { description: "Conflict", content: { "application/json": { example } } };
    const d = drafted(withError(answer), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/items/0/errors/0/detail"]);
    expect(await messageOf(d, example)).toBe("zq duplicate");
  });

  it(
    "in the first item of a list of objects, errors by field, where only examples show the " +
      "answer: {amount: [{detail, summary}]}",
    async () => {
      const field = (name: string) => ({
        value: { [name]: [{ detail: `${name} must be > 0`, summary: `Incorrect ${name}` }], status_code: 400 },
      });
      const answer = {
        description: "Invalid.",
        content: { "application/json": { examples: { zqA: field("zqAmount"), zqB: field("zqDays") } } },
      };
      const d = drafted(withError(answer), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual([
        "$response.body#/zqAmount/0/detail",
        "$response.body#/zqDays/0/detail",
      ]);
      expect(notesAt(d, "errors.message").map((n) => n.split(" reads ")[1]?.split(" only")[0])).toEqual([
        "the errors of zqAmount",
        "the errors of zqDays",
      ]);
      expect(await linkProblems(d)).toEqual([]);
      expect(await messageOf(d, field("zqDays").value)).toBe("zqDays must be > 0");
    },
  );

  it(
    "in a list of texts of the first item, where the answer is a list (an answer per item of a " +
      "batch): [{errors: [text], status}]",
    async () => {
      const example = [
        { errors: ["zqgadget needs a name"], status: "error", zqSubmission: { id: "zq1", state: "invalid" } },
      ];
      const item = {
        type: "object",
        properties: {
          errors: { type: "array", items: { type: "string" } },
          status: { type: "string" },
          zqSubmission: { type: "object" },
        },
      };
      const d = drafted(withError(reply({ type: "array", items: item }, example)), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual(["$response.body#/0/errors/0"]);
      expect(await messageOf(d, example)).toBe("zqgadget needs a name");
    },
  );

  it("is not read from an example of another shape than its schema (a list where the schema says an object)", () => {
    const item = { type: "object", properties: { code: { type: "string" }, text: { type: "string" } } };
    const schema = { type: "object", properties: { zqMessages: { type: "array", items: item } } };
    const d = drafted(withError(reply(schema, [{ code: "CONFLICT", text: "taken" }])), ["listZqGadgets"]);
    expect(d.manifest.errors.message).toEqual(["$response.body#/zqMessages/0/text"]);
  });
});

describe("a header parameter's example", () => {
  const doc = (example: string) =>
    openapi({
      "/zqgadgets": {
        get: {
          operationId: "listZqGadgets",
          parameters: [{ name: "Zq-Signature", in: "header", required: true, schema: { type: "string" }, example }],
          responses: ok,
        },
      },
    });

  it("with a line break (a YAML block's last) is left out, with a note, and the draft links", async () => {
    const d = drafted(doc('keyId="zq-1",signature="c2ln"\n'), ["listZqGadgets"]);
    const [name, param] = Object.entries(d.manifest.operations.acme_list_zq_gadgets!.params!)[0]!;
    expect(param.wire).toMatchObject({ in: "header", name: "Zq-Signature" });
    expect(param.example).toBeUndefined();
    expect(notesAt(d, `operations.acme_list_zq_gadgets.params.${name}`).join("\n")).toMatch(
      /the spec's example "keyId=.*" does not pass the drafted limits: left out/,
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("that a header can carry is kept", () => {
    const d = drafted(doc('keyId="zq-1",signature="c2ln"'), ["listZqGadgets"]);
    expect(Object.values(d.manifest.operations.acme_list_zq_gadgets!.params!).map((p) => p.example)).toContain(
      'keyId="zq-1",signature="c2ln"',
    );
  });

  it("in a text named errors, in an object of one text named message, in a fault's one text", async () => {
    const text = { type: "string" };
    const shapes: [Record<string, unknown>, string, unknown][] = [
      [
        { errors: text, status: { type: "integer" } },
        "$response.body#/errors",
        { errors: "zq key refused", status: 3 },
      ],
      [
        {
          "zq.error": {
            type: "object",
            properties: { code: text, message: { type: "object", properties: { value: text } } },
          },
        },
        "$response.body#/zq.error/message/value",
        { "zq.error": { code: "E1", message: { value: "zq key refused" } } },
      ],
      [
        {
          fault: {
            type: "object",
            properties: { faultString: text, detail: { type: "object", properties: { errorcode: text } } },
          },
        },
        "$response.body#/fault/faultString",
        { fault: { faultString: "zq key refused", detail: { errorcode: "E1" } } },
      ],
    ];
    for (const [properties, place, body] of shapes) {
      const d = drafted(withError(reply({ type: "object", properties })), ["listZqGadgets"]);
      expect(d.manifest.errors.message).toEqual([place]);
      expect(await messageOf(d, body)).toBe("zq key refused");
    }
  });
});
