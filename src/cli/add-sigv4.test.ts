// A published document whose requests are signed with AWS Signature Version 4 (an invented service documented as
// the public API directory's amazonaws.com documents are: `x-amazon-apigateway-authtype: awsSigv4`, a {region}
// server, X-Amz-* header parameters) through add, generate, test and call with no hand edit: drafted as auth.sigv4,
// the contract suite passes with each signature recomputed by AWS's own signer, and `call` against a loopback
// recorder sends `Authorization: AWS4-HMAC-SHA256 Credential=…/<region>/<service>/aws4_request, SignedHeaders=…,
// Signature=…` and X-Amz-Date, while the secret key appears nowhere on the wire or in what it prints. Before, the
// scheme was drafted as a key sent as it is: every case was green and every real request would have been refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { signatureProblem } from "../contract/request/signature-check.js";
import { zqSigned } from "../link/__fixtures__/zq-signed.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-sigv4-"));
const SECRET = "zqSecretAccessKey/0123456789+abcdefghij";
const TOKEN = "ZqSessionToken0123456789abcdef==";
const KEY_ID = "AKIAZQEXAMPLE0000001";
/** Every form a printed text may hold a secret in: as written, percent-encoded, JSON-escaped. */
const forms = (s: string) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)];
let dir: string;

beforeAll(async () => {
  dir = runtimeProject(join(tmp, "project"), "specs");
  writeFileSync(join(tmp, "zqwidgets.json"), JSON.stringify(zqSigned({ info: { "x-aws-signingName": "zqsign" } })));
  const added = await cli(["add", "zqwidgets", "--from", join(tmp, "zqwidgets.json"), "--operations", "all"], {
    cwd: dir,
  });
  expect(added.code, added.stderr).toBe(0);
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a published document whose scheme signs with AWS Signature Version 4", () => {
  it("is drafted with auth.sigv4 and passes its contract suite, each signature judged, with no edit", async () => {
    const manifest = readFileSync(join(dir, "specs/zqwidgets/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/ {2}sigv4:\n {4}accessKeyId: accessKeyId\n {4}sessionToken: sessionToken\n/);
    expect(manifest).toMatch(/ {4}service: zqsign\n {4}regionParam: region\n/);
    expect(readFileSync(join(dir, "generated/zqwidgets/index.js"), "utf8")).toContain("signing: requestSigning");
    // 10 random inputs a property, not the default 100: the region's parameter ignored by the signer (planted in the
    // runtime) failed every run at 10 by 12 fixed cases; a header's spaces folded as aws4fetch folds them, or not at
    // all, passed the suite at 10 and at 100 alike: the 90 draws more found nothing planted.
    const r = await cli(["test", "zqwidgets", "--runs", "10"], {
      cwd: dir,
      startMocks: (providers, options) => startMocks(providers, options),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/zqwidgets +\d+ cases +\d+ passed +0 failed/);
  });

  it("call signs on a loopback recorder as AWS's signer does; no wire, output or error shows a secret", async () => {
    const upstream = await server((req) =>
      req.url.includes("prefix=zqdeny")
        ? { status: 403, body: JSON.stringify({ message: `denied for ${req.headers["x-amz-security-token"]}` }) }
        : { status: 200, body: '{"names":["zq1"]}' },
    );
    const env = { ZQ_SECRET: SECRET, ZQ_TOKEN: TOKEN };
    const call = (prefix: string) =>
      cli(
        [
          "call",
          "zqwidgets_list_zq_widgets",
          "--params",
          JSON.stringify({ region: "eu-west-1", accessKeyId: KEY_ID, prefix }),
          "--param",
          "secretAccessKey={{ZQ_SECRET}}",
          "--param",
          "sessionToken={{ZQ_TOKEN}}",
          "--base-url",
          upstream.url,
        ],
        { cwd: dir, env },
      );
    try {
      const ok = await call("zq");
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('"zq1"');
      expect(JSON.parse(ok.stdout)).toMatchObject({ success: true });
      const denied = await call("zqdeny");
      expect(denied.code).not.toBe(0);
      expect(denied.stdout).toContain("denied for");
      const [sent] = upstream.received;
      expect(sent?.headers.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${KEY_ID}/\\d{8}/eu-west-1/zqsign/aws4_request, ` +
            "SignedHeaders=accept;host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$",
        ),
      );
      expect(sent?.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
      for (const request of upstream.received) {
        const asReceived = {
          method: request.method,
          url: new URL(request.url, upstream.url),
          headers: new Headers(request.headers as Record<string, string>),
          rawBody: request.body,
        };
        const keys = { accessKeyId: KEY_ID, secretAccessKey: SECRET, sessionToken: TOKEN };
        expect(await signatureProblem(asReceived, keys, { service: "zqsign", region: "eu-west-1" })).toBeUndefined();
        const wire = JSON.stringify(request);
        for (const form of forms(SECRET)) expect(wire).not.toContain(form);
      }
      for (const shown of [ok.stdout + ok.stderr, denied.stdout + denied.stderr])
        for (const form of [...forms(SECRET), ...forms(TOKEN)]) expect(shown).not.toContain(form);
    } finally {
      await upstream.close();
    }
  });
});
