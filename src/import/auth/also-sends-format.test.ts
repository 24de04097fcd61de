// A document with no security scheme whose request bodies carry the API key (`ApiKey`, a UUID: Zappiti's player API):
// add drafts the key as a credential sent there (auth.alsoSends). The credential took the field's lengths, not its
// format, so every call the suite made sent its own stand-in key, which the document's UUID refused; and where another
// operation's body holds the key beside other fields, the field was drafted as that operation's own parameter, which
// the credential then overwrote (the value a call gave never went). Now the credential takes the field's format, an
// operation's own parameter at the place is left out, the link refuses one placed there, and the suite's case of the
// place looks for the credential the call gave.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftedSubject } from "../../contract/__fixtures__/drafted-subject.js";
import { authKind } from "../../contract/kinds/auth.js";
import type { Subject } from "../../contract/types.js";
import { startMocks, type MockServers } from "../../mocks/mocks.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";
import {
  draftWorkFolder,
  drafted,
  type Json,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

const key = { type: "string", format: "uuid", description: "Client API Key" };
const body = (properties: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties } } },
});
const ok = { "200": reply({ type: "object", properties: { zqState: { type: "string" } } }, { zqState: "on" }) };
// No security scheme, no requirement: the document says nothing of its key but the bodies' field.
const { security: _none, ...published } = openapi({
  "/zqcheck": { post: { operationId: "zqCheck", requestBody: body({ ApiKey: key }), responses: ok } },
  // An operation that takes no credential: its own key field is its input.
  "/zqping": {
    post: {
      operationId: "zqPing",
      security: [],
      requestBody: body({ ApiKey: key, zqNote: { type: "string", maxLength: 40 } }),
      responses: ok,
    },
  },
  "/zqplay": {
    post: {
      operationId: "zqPlay",
      requestBody: body({ ApiKey: key, zqMedia: { type: "string", maxLength: 40 } }),
      responses: ok,
    },
  },
});
const document = { ...published, components: {} };

const root = mkdtempSync(join(runScratch(), "blockwright-zqformat-"));
let subject: Subject;
let mocks: MockServers;
beforeAll(async () => {
  subject = await draftedSubject(root, "zqplayer", document, ["zqCheck", "zqPlay"]);
  mocks = await startMocks(["zqplayer"], { specsDir: join(root, "specs"), root, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

describe("a key the bodies carry in a format of its own, where no scheme is declared", () => {
  it("is drafted a credential of that format, no operation's own parameter at its place, and links", async () => {
    const d = drafted(document, ["zqCheck", "zqPlay"], "zqplayer");
    const { auth, params, operations } = d.manifest;
    expect(auth.alsoSends).toEqual([{ in: "body", name: "ApiKey" }]);
    expect(params?.[auth.param]?.format).toBe("uuid");
    expect(Object.keys(operations.zqplayer_zq_play?.params ?? {})).toEqual(["zqMedia"]);
    const ping = drafted(document, ["zqCheck", "zqPing"], "zqplayer");
    expect(Object.keys(ping.manifest.operations.zqplayer_zq_ping?.params ?? {})).toEqual(["ApiKey", "zqNote"]);
    expect(await linkProblems(ping, "zqplayer")).toEqual([]);
    expect(notesAt(d, "operations.zqplayer_zq_play.params").join("\n")).toContain(
      "body field ApiKey is where the credential is sent too (auth.alsoSends)",
    );
    expect(await linkProblems(d, "zqplayer")).toEqual([]);
  });

  it("refuses, at link, a parameter placed where the credential is written", async () => {
    const d = drafted(document, ["zqCheck", "zqPlay"], "zqplayer");
    const placed = d.manifestText.replace(
      "      zqMedia:\n",
      "      zqOwnKey:\n        type: string\n        description: Mine.\n" +
        "        wire: { in: body, pointer: /ApiKey }\n      zqMedia:\n",
    );
    expect(placed).not.toBe(d.manifestText);
    const problems = await linkProblems({ ...d, manifestText: placed }, "zqplayer");
    expect(problems.join("\n")).toContain(
      'body field "/ApiKey" is already sent by the credential (auth.alsoSends): leave parameter "zqOwnKey" out',
    );
  });

  it("the suite's case of the place sends the call's own key there, of the format, and the mock takes it", async () => {
    const tool = subject.tools.find((t) => t.operationId === "zqPlay")!;
    const [only] = authKind.derive(tool, subject).filter((c) => c.name.includes("auth.alsoSends"));
    expect(only?.name).toBe("the credential goes to body:ApiKey only (auth.alsoSends, no scheme)");
    await only!.run({ mockUrl: () => mocks.urls.zqplayer!, seed: 1, runs: 1 });
  });
});

// An operation's own field at the key's place, left out, took its notes with it: the note that the spec describes the
// field nowhere was written above nothing, at the top of manifest.yaml.
describe("an undescribed field left out where the credential is sent", () => {
  it("leaves no note of it behind", () => {
    const bare: Json = structuredClone(document);
    const schema = bare.paths["/zqplay"].post.requestBody.content["application/json"].schema;
    schema.properties.ApiKey = { type: "string", format: "uuid" };
    const d = drafted(bare, ["zqCheck", "zqPlay"], "zqplayer");
    expect(Object.keys(d.manifest.operations.zqplayer_zq_play?.params ?? {})).toEqual(["zqMedia"]);
    expect(d.manifestText).not.toContain("describes ApiKey nowhere");
    expect(notesAt(d, "operations.zqplayer_zq_play.params").join("\n")).toContain(
      "body field ApiKey is where the credential is sent too (auth.alsoSends)",
    );
  });
});
