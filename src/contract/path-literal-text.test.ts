// A path whose literal text holds a character an address carries percent-encoded (a published `/zqfiles"`, a stray
// quote after the last segment): the runtime sends `zqfiles%22`. Prism's router decodes both sides and found the
// operation, but its path check matched the template as written against the path as sent, found no parameter and
// refused every request as missing `zqfolderid`; the suite's request check also named it none of the tool's operations.
// The mock's copy, the request judge and the suite read the literal text as an address carries it: every case passes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { withLiteralsAsSent } from "../judge/path-literals.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const uuid = { type: "string", format: "uuid" };
const document = openapi({
  '/zqfolders/{zqFolderId}/zqfiles"': {
    get: {
      operationId: "ZqFileCount",
      parameters: [{ name: "zqFolderId", in: "path", required: true, schema: uuid }],
      responses: { "200": { description: "n", content: { "application/json": { schema: { type: "integer" } } } } },
    },
  },
  "/zqfolders/{zqFolderId}/zqcafé/{zqName}<": {
    delete: {
      operationId: "ZqDropNamed",
      parameters: [
        { name: "zqFolderId", in: "path", required: true, schema: uuid },
        { name: "zqName", in: "path", required: true, schema: { type: "string", maxLength: 20 } },
      ],
      responses: { "204": { description: "gone" } },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqfolders", document, ["ZqFileCount", "ZqDropNamed"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a path whose literal text an address carries percent-encoded", () => {
  it("is read as sent: every derived case passes on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("is written as a URL writes it, the expressions untouched", () => {
    expect(withLiteralsAsSent('/zqfolders/{zqFolderId}/zqfiles"')).toBe("/zqfolders/{zqFolderId}/zqfiles%22");
    expect(withLiteralsAsSent("/zq café/{zq}<>")).toBe("/zq%20caf%C3%A9/{zq}%3C%3E");
    expect(withLiteralsAsSent("/zqthings/{zqId}:zqrun")).toBe("/zqthings/{zqId}:zqrun");
    // A key's own query is the operation's pairs, as they were.
    expect(withLiteralsAsSent("/zq rides?zqpage={zqpage}&zq=a b")).toBe("/zq%20rides?zqpage={zqpage}&zq=a b");
  });

  it("is answered as the document says: the operation found, its path value read", async () => {
    const answer = await fetch(`${on?.url}/zqfolders/123e4567-e89b-42d3-a456-426614174000/zqfiles%22`, {
      headers: { authorization: "Bearer zq-token-1" },
    });
    expect(answer.status).toBe(200);
    expect(typeof (await answer.json())).toBe("number");
  });
});
