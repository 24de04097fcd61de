// Two keys every request carries together, in extension headers (`x-api-key` beside `x-api-secret`): their parameters
// were titled with the wire names ("x-api-key", "x-api-secret") and described "The x-api-secret", which a user reads
// as a header, not as what to give. Titled from the name's words, the extension's `X-` left out: "API key", "API
// secret"; the wire name stays where the description says where it goes.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const key = (name: string) => ({ type: "apiKey", in: "header", name });

describe("keys sent together in extension headers", () => {
  it("are titled and described by their names' words, each saying the header it goes in", async () => {
    const d = drafted(
      openapi(
        { "/zqshields": { get: { operationId: "listZqShields", responses: answer } } },
        { securitySchemes: { zqKeyAuth: key("x-api-key"), zqSecretAuth: key("X-Zq-Account-Secret") } },
        { security: [{ zqKeyAuth: [], zqSecretAuth: [] }] },
      ),
      ["listZqShields"],
      "zqshields",
    );
    const params = d.manifest.params ?? {};
    const named = Object.values(params).map((p) => [p.title, p.description]);
    expect(named).toEqual([
      ["API key", "The API key, sent as the x-api-key header."],
      ["Zq account secret", "The zq account secret, sent as the X-Zq-Account-Secret header."],
    ]);
    expect(Object.values(params).every((p) => p.secret === true)).toBe(true);
    expect(await linkProblems(d, "zqshields")).toEqual([]);
  });
});
