// A credential the document bounds to a few characters (an SMS API's body `api_key`, min and max 8, found in the public
// directory, sample 1291): the suite's stand-in, longer, is refused, and the credential stood in with the word other
// texts are made of, `examplex`. Its limit cases' values (`examplexxx…`) held it, so the runtime, rightly, withheld it
// from the messages that must show them (`[redacted]xx…`) and two cases failed on a correct call. The stand-in is cut
// to the credential's lengths now, as an operation's own secret's is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";
import { ToolValues } from "./inputs/values.js";

// No security scheme: the body's key field is the document's only credential (auth.alsoSends), bounded as it says.
const document = openapi({
  "/zqsms/{zqformat}": {
    post: {
      operationId: "zqSendSms",
      parameters: [{ name: "zqformat", in: "path", required: true, schema: { type: "string", enum: ["json"] } }],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["api_key", "zqto"],
              properties: {
                api_key: {
                  type: "string",
                  minLength: 8,
                  maxLength: 8,
                  description: "Your API key",
                  example: "zq12ab34",
                },
                zqto: { type: "string", maxLength: 20 },
                zqsig: { type: "string", minLength: 16, maxLength: 60, description: "The hash of the parameters." },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { zqId: { type: "string" } } }, { zqId: "zq1" }) },
    },
  },
});
delete document.security;
delete document.components.securitySchemes;

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqsms", document, ["zqSendSms"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a credential bounded to a few characters", () => {
  it("stands in as the suite's own text cut to its lengths, a word no other value is made of", () => {
    const [tool] = (on as DraftedOnMock).subject.tools;
    const key = tool?.params.find((p) => p.name === tool.auth.param);
    expect(key).toMatchObject({ minLength: 8, maxLength: 8 });
    const given = new ToolValues(tool!, (on as DraftedOnMock).subject.document).example(tool!.auth.param)?.value;
    expect(given).toBe("bw-contr");
  });

  it("lets every case pass, the limit cases' messages showing their values whole", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
