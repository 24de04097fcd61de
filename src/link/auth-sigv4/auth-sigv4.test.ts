// Requests signed with AWS Signature Version 4 (auth.sigv4): a document whose security scheme says so by its shape
// (the Authorization header's apiKey, `x-amazon-apigateway-authtype: awsSigv4`) is drafted with the signing
// credential — the service its signing name, the region its server's {region} variable, the X-Amz-* headers it
// declares the signature's own — and links to a signed credential; a manifest that gets it wrong is refused at the
// field (file:line:col), naming the rule. Before, such a scheme was drafted as a key sent as it is in Authorization,
// which every mock accepts and AWS refuses.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt } from "../../import/__fixtures__/draft-kit.js";
import { zqSigned } from "../__fixtures__/zq-signed.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const SIGNATURE_HEADERS = ["X-Amz-Date", "X-Amz-Content-Sha256", "X-Amz-Security-Token", "X-Amz-Algorithm"];

describe("a document whose scheme signs with AWS Signature Version 4", () => {
  it("is drafted with auth.sigv4: its signing name, the server's {region}, the X-Amz-* headers covered", async () => {
    const d = drafted(zqSigned({ info: { "x-aws-signingName": "zqsign" } }), ["ListZqWidgets"], "zqwidgets");
    expect(d.manifest.auth).toMatchObject({
      scheme: "hmac",
      param: "secretAccessKey",
      sigv4: { accessKeyId: "accessKeyId", sessionToken: "sessionToken", service: "zqsign", regionParam: "region" },
      covers: [...SIGNATURE_HEADERS].sort(),
    });
    expect(d.manifest.params).toMatchObject({
      secretAccessKey: { secret: true, required: true },
      accessKeyId: { required: true, pattern: "^\\w+$" },
      sessionToken: { secret: true, required: false },
    });
    expect(d.manifest.params?.accessKeyId?.secret).toBeUndefined();
    expect(Object.keys(d.manifest.operations.zqwidgets_list_zq_widgets?.params ?? {})).toEqual(["prefix"]);
    expect(notesAt(d, "auth.sigv4").join("\n")).toMatch(/service "zqsign" is info\.x-aws-signingName/);
    expect(notesAt(d, "auth").join("\n")).not.toMatch(/sends the key in Authorization as it is/);
    expect(await linkProblems(d, "zqwidgets")).toEqual([]);
    const [tool] = (await linkedTools(d, "zqwidgets")) as [ToolSpec];
    expect(tool.auth).toEqual({
      type: "sigv4",
      param: "secretAccessKey",
      user: "accessKeyId",
      sessionToken: "sessionToken",
      service: "zqsign",
      regionParam: "region",
    });
    expect(tool.params.find((p) => p.name === "accessKeyId")?.wire).toEqual({ in: "auth" });
    expect(tool.params.find((p) => p.name === "region")?.wire).toEqual({ in: "server" });
  });

  it("without a signing name, the host's label before its region, said to be a guess; a region in the host", () => {
    const d = drafted(zqSigned({ server: "https://api.zqwidgets.eu-west-1.amazonaws.com" }), ["ListZqWidgets"]);
    expect(d.manifest.auth.sigv4).toEqual({
      accessKeyId: "accessKeyId",
      sessionToken: "sessionToken",
      service: "zqwidgets",
      region: "eu-west-1",
    });
    expect(notesAt(d, "auth.sigv4").join("\n")).toMatch(/the service a server's host names, a guess/);
  });

  it.each([
    [
      "a global endpoint first, a regional one after",
      "https://zqwidgets.amazonaws.com",
      ["https://zqwidgets.{region}.amazonaws.com"],
    ],
    ["a global endpoint alone", "https://zqwidgets.amazonaws.com", []],
    ["a global endpoint of the China partition", "https://zqwidgets.amazonaws.com.cn", []],
  ])("without a signing name, the service a server's host names: %s", (_, server, more) => {
    const d = drafted(zqSigned({ server, more }), ["ListZqWidgets"]);
    expect(d.manifest.auth.sigv4?.service).toBe("zqwidgets");
    expect(notesAt(d, "auth.sigv4").join("\n")).toMatch(/the service a server's host names, a guess/);
  });

  it("without a signing name, a host that names no service leaves the guess said as one", () => {
    const d = drafted(zqSigned({ server: "https://zq.example.com", more: ["https://api.amazonaws.com.zq.example"] }), [
      "ListZqWidgets",
    ]);
    expect(d.manifest.auth.sigv4?.service).toBe("execute-api");
    expect(notesAt(d, "auth.sigv4").join("\n")).toMatch(/is a guess \(the document names no signing name/);
  });

  it("not for another authtype (awsSigv2): that stays a key in Authorization, which the link accepts", async () => {
    const d = drafted(zqSigned({ authtype: "awsSigv2" }), ["ListZqWidgets"]);
    expect(d.manifest.auth.sigv4).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("a manifest's auth.sigv4 that is wrong is refused at the field", () => {
  const d = drafted(zqSigned(), ["ListZqWidgets"], "zqwidgets");
  const withText = (from: string | RegExp, to: string) => {
    const manifestText = d.manifestText.replace(from, to);
    expect(manifestText).not.toBe(d.manifestText);
    return { ...d, manifestText };
  };
  const problems = async (from: string | RegExp, to: string) =>
    (await linkProblems(withText(from, to), "zqwidgets")).join("\n");

  it("a region neither fixed nor a parameter's", async () => {
    expect(await problems(/\n {4}regionParam: region/, "")).toMatch(
      /manifest\.yaml:\d+:\d+: .*name the signing region: a fixed "region" or the "regionParam" holding it/,
    );
  });

  it("an access key id parameter not declared, or the secret key itself", async () => {
    expect(await problems("accessKeyId: accessKeyId", "accessKeyId: zqKeyId")).toMatch(
      /manifest\.yaml:\d+:\d+: .*parameter "zqKeyId" must be declared under the shared "params"/,
    );
    expect(await problems("accessKeyId: accessKeyId", "accessKeyId: secretAccessKey")).toMatch(
      /manifest\.yaml:\d+:\d+: .*"secretAccessKey" is the secret access key \(auth\.param\); accessKeyId names another/,
    );
  });

  it("a session token not secret, or required", async () => {
    expect(await problems(/(\n {2}sessionToken:\n(?: {4}.*\n)*?) {4}secret: true\n/, "$1")).toMatch(
      /manifest\.yaml:\d+:\d+: .*the session token parameter must be marked secret: true/,
    );
    expect(
      await problems(/(\n {2}sessionToken:\n(?: {4}.*\n)*?) {4}required: false\n/, "$1    required: true\n"),
    ).toMatch(/manifest\.yaml:\d+:\d+: .*the session token parameter must be required: false/);
  });

  it("beside a field it does not go with, or for a scheme elsewhere than Authorization", async () => {
    expect(await problems("  param: secretAccessKey\n", '  param: secretAccessKey\n  prefix: "AWS "\n')).toMatch(
      /manifest\.yaml:\d+:\d+: .*prefix is not for a signed credential \(auth\.sigv4\)/,
    );
    const elsewhere = {
      ...d,
      openapiText: d.openapiText.replace("name: Authorization", "name: X-Zq-Key"),
    };
    expect((await linkProblems(elsewhere, "zqwidgets")).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*security scheme "hmac" puts its credential in the header X-Zq-Key; auth\.sigv4 signs/,
    );
  });

  it("a signing scheme drafted as a key sent as it is (no auth.sigv4): refused, naming its authtype", async () => {
    expect(await problems(/\n {2}sigv4:\n(?: {4}.*\n)+/, "\n")).toMatch(
      new RegExp(
        String.raw`manifest\.yaml:\d+:\d+: .*security scheme "hmac" signs each request with AWS Signature ` +
          String.raw`Version 4 \(x-amazon-apigateway-authtype: awsSigv4\): declare auth\.sigv4`,
      ),
    );
  });
});
