// A document converted from recorded traffic declares every header its recorded answer carried: a CDN's (CF-RAY,
// CF-Cache-Status, cf-request-id, X-Cache, Via), the browser's security and reporting policies (Expect-CT, NEL,
// Report-To, X-DNS-Prefetch-Control, X-Download-Options, Referrer-Policy), the stack's (X-Powered-By). `add` drafted
// each as an output beside the body's (a published payments document: eight on every operation), which no workflow
// reads. They are left out now, as the framing and caching headers are; the API's own (a request id) stay.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const infrastructure = [
  "CF-Cache-Status",
  "CF-RAY",
  "cf-request-id",
  "Expect-CT",
  "NEL",
  "Report-To",
  "X-DNS-Prefetch-Control",
  "X-Download-Options",
  "X-Permitted-Cross-Domain-Policies",
  "Referrer-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "Alt-Svc",
  "Via",
  "X-Cache",
  "X-Served-By",
  "X-Powered-By",
  "X-Amz-Cf-Id",
];
const answer = {
  ...reply({ type: "object", properties: { id: { type: "string" } } }),
  headers: Object.fromEntries(
    [...infrastructure, "X-Zq-Request-Id"].map((name) => [name, { schema: { type: "string" } }]),
  ),
};
const doc = openapi({ "/zqpayments": { get: { operationId: "getZqpayments", responses: { "200": answer } } } });

describe("the headers of a CDN, of a browser's policies and of the server's stack", () => {
  it("are not drafted as outputs; the API's own header is; it links", async () => {
    const d = drafted(doc, ["getZqpayments"]);
    const read = Object.values(d.manifest.operations.acme_get_zqpayments!.outputs ?? {}).map((o) => o.from);
    expect(read).toContain("$response.header.X-Zq-Request-Id");
    for (const name of infrastructure) expect(read).not.toContain(`$response.header.${name}`);
    expect(notesAt(d, "operations.acme_get_zqpayments.outputs")).toEqual([
      "the success answer declares the header X-Zq-Request-Id: drafted as output (text)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
