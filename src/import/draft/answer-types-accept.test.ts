// An operation whose answer a query value chooses among the types it declares (`format=json` or `format=csv`: JSON
// and `text/csv` under one 200). The request asked for JSON alone (`Accept: application/json`), so a service that
// negotiates refused `format=csv` with 406. It asks for the JSON types first, then the others at a lower q: such a
// service answers the CSV, read by its type, and a mock still serves JSON.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const row = { type: "object", properties: { zqId: { type: "string" }, zqAmount: { type: "number" } } };
const document = openapi({
  "/zqpayouts": {
    get: {
      operationId: "zqListPayouts",
      parameters: [{ name: "format", in: "query", schema: { type: "string", enum: ["json", "csv"] } }],
      responses: {
        "200": {
          description: "The payouts.",
          content: {
            "application/json": { schema: { type: "array", items: row }, example: [{ zqId: "p1", zqAmount: 2 }] },
            "text/csv": { schema: { type: "string" }, example: "zqId,zqAmount\np1,2\n" },
          },
        },
      },
    },
  },
});

/** A service that answers the type `format` chooses, and 406 where the request's Accept admits no such type. */
async function negotiating(request: Request): Promise<Response> {
  const csv = new URL(request.url).searchParams.get("format") === "csv";
  const accept = request.headers.get("accept") ?? "*/*";
  const admits = (type: string) => accept.split(",").some((t) => [type, "*/*"].includes(t.split(";")[0]!.trim()));
  if (!admits(csv ? "text/csv" : "application/json")) return new Response("Not Acceptable", { status: 406 });
  return csv
    ? new Response("zqId,zqAmount\np1,2\n", { status: 200, headers: { "content-type": "text/csv" } })
    : Response.json([{ zqId: "p1", zqAmount: 2 }]);
}

describe("an answer whose type a query value chooses among those the operation declares", () => {
  const d = drafted(document, ["zqListPayouts"], "zqpay");

  it("asks for JSON first, then the other type at a lower q, and is answered either", async () => {
    const [tool] = await linkedTools(d, "zqpay");
    expect(tool?.accept).toBe("application/json, text/csv;q=0.5");
    const params = Object.fromEntries((tool?.params ?? []).filter((p) => p.required).map((p) => [p.name, "zq-1"]));
    const call = (format: string) =>
      executeToolDefinition(
        tool!,
        { ...params, accessToken: "zq-token-0001", format },
        {
          baseUrl: "https://api.acme.test",
          retries: 0,
          fetch: negotiating,
        },
      );
    const json = await call("json");
    expect(json.success).toBe(true);
    const csv = await call("csv");
    expect(csv.success ? csv.output : csv.error.status).toMatchObject({ data: "zqId,zqAmount\np1,2\n" });
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "zqpay");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
