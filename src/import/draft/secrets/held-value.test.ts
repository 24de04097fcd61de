// A secret kept as the `value` of an object named for it (a cookie given as `zq_auth_cookie: {name, value}`; a user's
// `credentials: [{type, value}]`, a password among them): add drafted the object a JSON parameter whose `value` was a
// plain text, so an upstream's error echoing it showed the session or the password. Such a `value` is a secret field
// now, and a list's items are read by the list's name (a service's `token` inside `zqServices: [{token}]` too); an
// object named for nothing secret keeps its `value` plain.
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
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const pair = { type: "object", properties: { name: text, value: text } };
const doc = openapi({
  "/zqsessions": {
    post: {
      operationId: "zqOpenSession",
      requestBody: jsonBody({
        type: "object",
        properties: {
          zq_auth_cookie: pair,
          credentials: {
            type: "array",
            items: { type: "object", properties: { type: text, value: text, temporary: { type: "boolean" } } },
          },
          zqServices: { type: "array", items: { type: "object", properties: { token: text, zqUrl: text } } },
          zqSetting: pair,
        },
      }),
      responses: { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, {}) },
    },
  },
});

describe("a secret kept as the value of an object named for it", () => {
  const d = drafted(doc, ["zqOpenSession"]);

  it("is a secret field of the JSON parameter; a list's items are read by the list's name", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const param = (name: string) => tool?.params.find((p) => p.name === name);
    expect(param("zq_auth_cookie")?.object?.fields?.value?.secret).toBe(true);
    expect(param("zq_auth_cookie")?.object?.fields?.name?.secret).toBeFalsy();
    expect(param("credentials")?.items?.fields?.value?.secret).toBe(true);
    expect(param("credentials")?.items?.fields?.type?.secret).toBeFalsy();
    expect(param("zqServices")?.items?.fields?.token?.secret).toBe(true);
    expect(param("zqServices")?.items?.fields?.zqUrl?.secret).toBeFalsy();
    expect(param("zqSetting")?.object?.fields?.value?.secret).toBeFalsy();
  });
});
