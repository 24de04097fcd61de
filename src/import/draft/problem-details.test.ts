// An error answer that is an RFC 9457 problem (`application/problem+json`, or JSON of the problem's fields alone):
// add drafted its message from `detail` and no code, the problem's `type` URI (its primary identifier) lost. Now the
// draft reads the code from `type`, else `title`, and the message from `detail`, else `title`, and the runtime gives
// them back from such an answer (the title the code where the type is `about:blank`, which says nothing more).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const problem = {
  type: "object",
  properties: {
    type: { type: "string", format: "uri" },
    title: text,
    status: { type: "integer" },
    detail: text,
    instance: { type: "string", format: "uri" },
  },
};
const answer = (mediaType: string, schema: Record<string, unknown>) => ({
  description: "The error.",
  content: { [mediaType]: { schema } },
});
/** A document with one GET whose 404 answer is `error`. */
const withError = (error: Record<string, unknown>) =>
  openapi({
    "/zqwidgets/{zqId}": {
      get: {
        operationId: "getZqWidget",
        parameters: [{ name: "zqId", in: "path", required: true, schema: text }],
        responses: { "200": answer("application/json", { type: "object", properties: { id: text } }), "404": error },
      },
    },
  });

/** The structured error the drafted tool gives for a 404 answer of `body` under `contentType`. */
async function errorOf(d: ReturnType<typeof drafted>, body: unknown, contentType: string) {
  const [tool] = await linkedTools(d);
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", zqId: "zq1" },
    {
      baseUrl: "https://api.acme.test",
      retries: 0,
      fetch: async () => new Response(JSON.stringify(body), { status: 404, headers: { "content-type": contentType } }),
    },
  );
  return result.success ? undefined : (result.error as unknown as Record<string, unknown>);
}

const gone = { type: "https://zq.example/problems/widget-gone", title: "Widget gone", status: 404, detail: "zq1 left" };

describe("an error answer that is an RFC 9457 problem", () => {
  it("drafts its code from type (else title) and its message from detail (else title)", async () => {
    for (const mediaType of ["application/problem+json", "application/json"]) {
      const d = drafted(withError(answer(mediaType, problem)), ["getZqWidget"]);
      expect(d.manifest.errors.code).toEqual(["$response.body#/type", "$response.body#/title"]);
      expect(d.manifest.errors.message.slice(0, 2)).toEqual(["$response.body#/detail", "$response.body#/title"]);
      expect(await linkProblems(d)).toEqual([]);
      expect(await errorOf(d, gone, `${mediaType}; charset=utf-8`)).toMatchObject({
        status: 404,
        code: "https://zq.example/problems/widget-gone",
        message: "zq1 left",
      });
      const { type: _type, detail: _detail, ...titled } = gone;
      expect(await errorOf(d, titled, mediaType)).toMatchObject({ code: "Widget gone", message: "Widget gone" });
      // The type RFC 9457 gives a problem of no more meaning than its status: the title its code.
      const blank = await errorOf(d, { ...gone, type: "about:blank" }, mediaType);
      expect(blank).toMatchObject({ code: "Widget gone", message: "zq1 left" });
    }
  });

  it("under the problem type, with extension members, or with no schema of its members", () => {
    const extended = { ...problem, properties: { ...problem.properties, zqErrors: { type: "array", items: text } } };
    const d = drafted(withError(answer("application/problem+json", extended)), ["getZqWidget"]);
    expect(d.manifest.errors.code).toEqual(["$response.body#/type", "$response.body#/title"]);
    // An extension member named as a code says more than a type that may be about:blank: it comes first.
    const coded = { ...problem, properties: { ...problem.properties, code: text } };
    const withCode = drafted(withError(answer("application/problem+json", coded)), ["getZqWidget"]);
    expect(withCode.manifest.errors.code).toEqual(["$response.body#/code", "$response.body#/type"]);
    const bare = drafted(withError(answer("application/problem+json", { type: "object" })), ["getZqWidget"]);
    expect(bare.manifest.errors.code).toEqual(["$response.body#/type", "$response.body#/title"]);
    expect(bare.manifest.errors.message.slice(0, 2)).toEqual(["$response.body#/detail", "$response.body#/title"]);
  });

  it("but not a plain JSON error with other fields beside a type (some other error's shape)", () => {
    const other = { type: "object", properties: { type: text, message: text, zqHint: text } };
    const d = drafted(withError(answer("application/json", other)), ["getZqWidget"]);
    expect(d.manifest.errors.code ?? []).not.toContain("$response.body#/type");
    expect(d.manifest.errors.message[0]).toBe("$response.body#/message");
  });
});
