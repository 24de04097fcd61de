// An error answer whose schema says `error.message`, and whose schema's own example (the answer a mock gives where no
// named example is chosen) keeps its text only in a record inside `error`, named as a message
// (`{error: {code: 424, zqDependencyError: {zqErrorMessage: "…"}, status}}`: a failure passed on from a service behind
// the API). Add drafted `error/message` alone, so the mock's answer gave the runtime no message and the contract's
// auth case failed ("errors.message find no message in the 401 answer"). The record inside `error` is read as the
// top's and `error`'s are: its text named as a message is a place too, after the schema's.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, errorMessageOf, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const ok = {
  description: "The reply.",
  content: { "application/json": { schema: { type: "object", properties: { id: text } }, example: { id: "1" } } },
};
const zqError = {
  type: "object",
  properties: {
    code: { type: "integer" },
    message: text,
    status: text,
    zqTraceId: text,
    zqDependencyError: { type: "object", properties: { zqErrorMessage: text, zqHttpStatus: { type: "integer" } } },
  },
};
const answerWith = (example: unknown) => ({
  type: "object",
  properties: { error: zqError },
  example,
});
const document = (example: unknown) =>
  openapi({
    "/zqshelves": {
      get: {
        operationId: "getZqShelf",
        responses: {
          "200": ok,
          default: {
            description: "An error.",
            content: { "application/json": { schema: answerWith(example) } },
          },
        },
      },
    },
  });

describe("an error answer's message in a record inside error, shown by its schema's example", () => {
  const passedOn = {
    error: {
      code: 424,
      zqTraceId: "zq-trace-1",
      status: "FAILED_DEPENDENCY",
      zqDependencyError: { zqErrorMessage: "the zqbank is down", zqHttpStatus: 500 },
    },
  };

  it("is drafted after the schema's place, and the runtime reads it where error.message is not", async () => {
    const d = drafted(document(passedOn), ["getZqShelf"]);
    expect(d.manifest.errors.message).toEqual([
      "$response.body#/error/message",
      "$response.body#/error/zqDependencyError/zqErrorMessage",
    ]);
    expect(await linkProblems(d)).toEqual([]);
    expect(await errorMessageOf(d, passedOn)).toBe("the zqbank is down");
    expect(await errorMessageOf(d, { error: { code: 401, message: "zq sign-in needed" } })).toBe("zq sign-in needed");
  });

  it("adds nothing where the example shows error.message, or no text named as a message inside error", () => {
    const own = drafted(document({ error: { code: 401, message: "zq sign-in needed", status: "UNAUTHORIZED" } }), [
      "getZqShelf",
    ]);
    expect(own.manifest.errors.message).toEqual(["$response.body#/error/message"]);
    const codes = drafted(document({ error: { code: 424, zqDependencyError: { zqHttpStatus: 500 } } }), ["getZqShelf"]);
    expect(codes.manifest.errors.message).toEqual(["$response.body#/error/message"]);
  });
});
