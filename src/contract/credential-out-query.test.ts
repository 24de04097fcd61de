// The request without its credential (the auth case's 401, verify's probe, a replay) takes the credential's query pair
// out: `searchParams.delete` wrote every other pair again form-encoded, so a form-style list sent `mode=TRANSIT,WALK`
// reached the mock as `mode=TRANSIT%2CWALK`, one value the request judge refused by the list's enum (issue 59: a
// trip planner's `plan-trip`, its key in the query). The other pairs now go as the call wrote them.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../import/__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import type { AuthSpec } from "@blockwright/runtime/internal";
import { stripCredential } from "./exchange.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const queryKey: AuthSpec = { type: "query", name: "zq_key", param: "apiKey" };

describe("a credential taken out of the query", () => {
  it("leaves every other pair as written, and takes out each pair of its name however it is escaped", () => {
    const url = new URL("http://127.0.0.1:4010/zqtrips?mode=TRANSIT,WALK&zq_key=s1&q=a%20b+c&zq%5Fkey=s2&x=%2C");
    stripCredential(queryKey, new Headers(), url);
    expect(url.search).toBe("?mode=TRANSIT,WALK&q=a%20b+c&x=%2C");
    const alone = new URL("http://127.0.0.1:4010/zqtrips?zq_key=s1");
    stripCredential(queryKey, new Headers(), alone);
    expect(alone.href).toBe("http://127.0.0.1:4010/zqtrips");
  });

  it("passes every derived case of an operation sending a form-style list beside a query key", async () => {
    const modes = { type: "array", items: { type: "string", enum: ["WALK", "TRANSIT", "BUS"] } };
    const doc = openapi(
      {
        "/zqtrips": {
          get: {
            operationId: "zqPlanTrip",
            parameters: [
              {
                name: "mode",
                in: "query",
                required: true,
                style: "form",
                explode: false,
                schema: modes,
                example: ["TRANSIT", "WALK"],
              },
              { name: "zqfrom", in: "query", required: true, schema: { type: "string", maxLength: 40 } },
            ],
            security: [{ zqKey: [] }],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "t1" }) },
          },
        },
      },
      { securitySchemes: { zqKey: { type: "apiKey", in: "query", name: "zq_key" } } },
    );
    const { ids, failed } = await failedCases(drafted(doc, ["zqPlanTrip"], "zqtrips"), "zqtrips");
    expect(ids.some((id) => id.includes("without a credential"))).toBe(true);
    expect(failed).toEqual([]);
  });
});
