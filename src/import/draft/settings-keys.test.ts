// An import of a whole configuration, under HTTP basic: its mailer's settings keep three keys of another service
// (`apiKey` "…mailer api key", `apiKeyPrivate`, `apiKeyPublic`). add read the first as the key that authorises the
// call and drafted the basic password sent there (auth.alsoSends), and the draft did not link: the settings' other
// required field (`domain`) lay inside the JSON parameter the key was written into, yet the link asked a parameter of
// its own for it (BW2010). Keys of a kind side by side are another party's, none the call's; and an object inside a
// value a JSON parameter gives whole has its fields from that value, however deep the credential is written.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", description });
const importing = (settings: object) =>
  openapi(
    {
      "/zq/import": {
        post: {
          operationId: "zqImport",
          requestBody: jsonBody({
            type: "object",
            required: ["zqLabel", "zqConfig"],
            properties: {
              zqLabel: { type: "string" },
              zqConfig: { type: "object", properties: { zqSettings: settings, zqName: { type: "string" } } },
            },
          }),
          responses: { "200": reply({ type: "object", properties: { zqDone: { type: "boolean" } } }, {}) },
        },
      },
    },
    { securitySchemes: { zqBasic: { type: "http", scheme: "basic" } } },
    { security: [{ zqBasic: [] }] },
  );

describe("keys inside a body's nested settings, the call's way HTTP basic", () => {
  it("keys of a kind side by side are another service's: secret fields of the JSON parameter; it links", async () => {
    const settings = {
      type: "object",
      required: ["apiKey", "zqDomain"],
      properties: {
        apiKey: text("Zqmail mailer api key"),
        apiKeyPrivate: text("Zqjet mailer private api key"),
        apiKeyPublic: text("Zqjet mailer public api key"),
        zqDomain: text("Zqmail mailer domain"),
      },
    };
    const d = drafted(importing(settings), ["zqImport"]);
    expect(d.manifest.auth.alsoSends).toBeUndefined();
    expect(d.manifestText).not.toContain("is the key that authorises the call");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const inside = tool?.params.find((p) => p.name === "zqConfig")?.object?.fields?.zqSettings?.fields;
    expect(inside?.apiKey?.secret).toBe(true);
    expect(inside?.zqDomain?.secret).toBeFalsy();
  });

  it("one key said to authorise the call, beside a required field, three deep: sent there; it links", async () => {
    const settings = {
      type: "object",
      required: ["apiKey", "zqDomain"],
      properties: { apiKey: text("The API key that authorises the call."), zqDomain: text("The zq domain.") },
    };
    const d = drafted(importing(settings), ["zqImport"]);
    expect(d.manifest.auth.alsoSends).toEqual([
      expect.objectContaining({ in: "body", path: ["zqConfig", "zqSettings", "apiKey"] }),
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
