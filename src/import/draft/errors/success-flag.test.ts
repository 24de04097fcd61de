// A service that answers 200 and says in the body that the call failed, beside no error reply saying so (a dispute
// service's `{disputeServiceResult: {success: false, errorMessage: "Dispute not found"}}`): add drafted no
// errors.failureWhen (it read only an `ok` the error replies carry too), and such a call read as a success. The success
// answer's own flag beside a failure's message is drafted as the failure test, its message read there; a record's own
// `success` beside no failure message is not.
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../../../contract/__fixtures__/drafted-subject.js";
import { drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

const result = {
  type: "object",
  required: ["zqResult"],
  properties: {
    zqResult: {
      type: "object",
      required: ["success"],
      properties: { success: { type: "boolean" }, errorMessage: { type: "string" } },
    },
  },
};
const refused = reply({ type: "object", properties: { errorCode: { type: "string" }, message: { type: "string" } } });
const body = { required: true, content: { "application/json": { schema: { type: "object", properties: {} } } } };
const withBody = (properties: object) => ({
  ...body,
  content: { "application/json": { schema: { type: "object", required: ["zqRef"], properties } } },
});
const document = openapi({
  "/zqdisputes/accept": {
    post: {
      operationId: "zqAcceptDispute",
      requestBody: withBody({ zqRef: { type: "string" } }),
      responses: { "200": reply(result), "401": refused },
    },
  },
  "/zqdisputes/defend": {
    post: {
      operationId: "zqDefendDispute",
      requestBody: withBody({ zqRef: { type: "string" }, zqReason: { type: "string" } }),
      responses: { "200": reply(result), "401": refused },
    },
  },
});
const ops = ["zqAcceptDispute", "zqDefendDispute"];

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqdisputes", document, ops);
});
afterAll(async () => {
  await on?.close();
});

describe("a success answer's own flag beside a failure's message", () => {
  it("is drafted as errors.failureWhen, its message read there, and the draft links", async () => {
    const d = drafted(document, ops);
    expect(d.manifest.errors?.failureWhen).toEqual([{ from: "$response.body#/zqResult/success", equals: false }]);
    expect(d.manifest.errors?.message).toContain("$response.body#/zqResult/errorMessage");
    expect(d.manifestText.replace(/\n\s*#\s+/g, " ")).toContain("the API answers 2xx with it false when a call fails");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("makes a 200 whose flag is false the call's failure, with its message; a true one a result", async () => {
    const d = drafted(document, ops);
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqAcceptDispute");
    if (!tool) throw new Error("no tool linked");
    const answering = (answer: unknown) => async () =>
      new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
    const call = (answer: unknown) =>
      executeToolDefinition(
        tool,
        { accessToken: "zq-token-000000000001", zqRef: "zq1" },
        { baseUrl: "https://api.acme.test", fetch: answering(answer) },
      );
    const failed = await call({ zqResult: { success: false, errorMessage: "Zq dispute not found" } });
    expect(failed).toMatchObject({ success: false, error: { type: "upstream", message: "Zq dispute not found" } });
    expect(await call({ zqResult: { success: true } })).toMatchObject({ success: true });
  });

  it("keeps every case green on the mock, whose made answers never read as a failure", async () => {
    if (!on) throw new Error("the mock did not start");
    expect(await casesNotPassed(on)).toEqual([]);
  });

  it("is not drafted from a record's own success: beside no failure message, or a run's status and data", () => {
    const record = { type: "object", properties: { id: { type: "string" }, success: { type: "boolean" } } };
    const run = {
      type: "object",
      properties: {
        success: { type: "boolean" },
        errorMessage: { type: "string" },
        inProgress: { type: "boolean" },
        fileSize: { type: "integer" },
      },
    };
    for (const answer of [record, run]) {
      const plain = openapi({
        "/zqchecks": { post: { operationId: "zqRunCheck", requestBody: body, responses: { "200": reply(answer) } } },
      });
      expect(drafted(plain, ["zqRunCheck"]).manifest.errors?.failureWhen).toBeUndefined();
    }
  });
});
