// `upstream --accept` of a manifest naming an operation by its method and path, where the older cut gives it an
// operationId and the newer none (eGain's answers: `getBestAnswerForUserQuery`, then no id): the older draft was keyed
// by the id, the manifest's name found nothing, and nothing add drafts otherwise was carried for it (its own server,
// named in the newer document, among them: generate refused it).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

const cut = (summary: string, operationId?: string) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqanswers", version: "1" },
    paths: {
      "/zqanswers": {
        post: { ...(operationId ? { operationId } : {}), summary, responses: { "200": { description: "ok" } } },
      },
    },
  });

const manifest = `provider: zqanswers
operations:
  zqanswers_get:
    operationId: POST /zqanswers
    title: Get an answer
    description: Get an answer
`;

describe("an operation the manifest names by method and path, its id gone from the newer cut", () => {
  it("has what add drafts otherwise carried, the older draft found under the manifest's name", () => {
    const carried = carryDrafted(manifest, cut("Get an answer", "zqgetAnswer"), cut("Get the best answer"), "x.yaml");
    expect(parse(carried.text).operations.zqanswers_get.description).toBe("Get the best answer");
    expect(carried.lines.join("\n")).toContain("operations.zqanswers_get.description");
  });
});
