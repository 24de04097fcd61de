// `upstream --accept`'s re-cut of a provider add started, where an operation names no security scheme beside others
// that do and the document names none for all (GBG's health check): add writes it `security: []`, no credential as
// published; the re-cut did not, so generate sent it the others' bearer token and the request judge refused the
// `Authorization` header it does not declare (every case of it failed from the second version on).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { recut } from "./recut.js";

const ok = { "200": reply({ type: "object", properties: { zqState: { type: "string" } } }) };
const document = (summary: string) =>
  openapi(
    {
      "/zqhealth": { get: { operationId: "zqHealth", summary, responses: ok } },
      "/zqtasks": { get: { operationId: "zqListTasks", security: [{ zqBearer: [] }], responses: ok } },
    },
    { securitySchemes: { zqBearer: { type: "http", scheme: "bearer" } } },
  );

describe("upstream --accept's re-cut of an operation that names no scheme beside others that do", () => {
  const published = (summary: string) => {
    const d = document(summary) as { security?: unknown };
    delete d.security;
    return d;
  };
  const older = drafted(published("Health"), ["zqHealth", "zqListTasks"]);
  const operations = [
    { method: "get", path: "/zqhealth" },
    { method: "get", path: "/zqtasks" },
  ];
  const again = recut(older.openapiText, published("Health, again"), operations, "zqnewer.json", "cd".repeat(32));

  it("writes it out as add does: no credential, said in the header", () => {
    expect(parse(older.openapiText).paths["/zqhealth"].get.security).toEqual([]);
    const cut = parse(again.text);
    expect(cut.paths["/zqhealth"].get.security).toEqual([]);
    expect(cut.paths["/zqtasks"].get.security).toEqual([{ zqBearer: [] }]);
    expect(again.text).toMatch(/^# Written out by blockwright upstream --accept: zqHealth\.security: \[\]/m);
  });
});
