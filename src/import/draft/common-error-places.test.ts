// A document that says nowhere where its errors keep their message: add drafts the common places, for review, and the
// runtime reads the message of an answer at the first of them it has: an API gateway's refusal, which comes before the
// API is reached (Apigee's fault: a key refused), and an API's list of errors among them.
import { rmSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import { draftWorkFolder, drafted, errorMessageOf, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

it("reads a gateway's fault and a list of errors at the common places", async () => {
  const d = drafted(
    openapi({ "/zqthings": { get: { operationId: "getZqThings", responses: { "200": reply({ type: "object" }) } } } }),
    ["getZqThings"],
  );
  const fault = { fault: { faultstring: "Invalid ApiKey for zqthing", detail: { errorcode: "zq.InvalidApiKey" } } };
  expect(await errorMessageOf(d, fault)).toBe("Invalid ApiKey for zqthing");
  expect(await errorMessageOf(d, { errors: [{ message: "zq is not a field" }] })).toBe("zq is not a field");
  expect(await errorMessageOf(d, { message: "zq first", fault: { faultstring: "zq later" } })).toBe("zq first");
});
