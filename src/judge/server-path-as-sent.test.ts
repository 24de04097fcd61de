// A server whose path holds text a URL writes percent-encoded (a space: `/Your API URL`, a placeholder a published
// document left in its servers). The runtime sends it as the URL parser writes it (`/Your%20API%20URL/…`), and the
// judge and the suite's request check matched a request's path, as sent, against the server's path as written: every
// case of the operation was refused as "not under the server's path" (18 of 48 in a directory sample).
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { basePattern, requestJudge } from "./judge.js";

const DOCUMENT = `
openapi: 3.0.3
info: { title: judged, version: "1" }
servers: [{ url: "https://api.test/zq base/é" }]
paths:
  /zqpulls/{id}:
    post:
      operationId: zqPull
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses: { "200": { description: ok } }
`;

const BASE = "/zq base/é";

describe("a server path a URL writes percent-encoded", () => {
  it("is matched as written and as sent, and nothing else", () => {
    const under = basePattern(BASE);
    expect(under.exec("/zq%20base/%C3%A9/zqpulls/1")?.[0]).toBe("/zq%20base/%C3%A9");
    expect(under.exec("/zq base/é/zqpulls/1")?.[0]).toBe(BASE);
    expect(under.exec("/zq%20basement/%C3%A9/zqpulls/1")).toBeNull();
    expect(under.exec("/zq+base/%C3%A9/zqpulls/1")).toBeNull();
  });

  it("routes a request sent under it to its operation", () => {
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(DOCUMENT, "judged.yaml")), {
      basePath: BASE,
      credential: "present",
    });
    const sent = new URL("https://api.test/zq base/é/zqpulls/7");
    expect(sent.pathname).toBe("/zq%20base/%C3%A9/zqpulls/7");
    const judged = judge({ method: "POST", url: sent.href, headers: new Headers() });
    expect(judged.refusals).toEqual([]);
    expect(judged.read.params.get("path:id")).toBe(7);
  });
});
