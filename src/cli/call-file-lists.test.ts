// A parameter taking several files (a multipart field that is a list of binary strings: chat attachments) given by
// `blockwright call --param`: the text was passed on as it was, so the call was refused ("must be a list of files …,
// got string") whether it was one path or JSON text of a list, and only --params could send the files. The text is
// read as the list its JSON writes, or as one path; each path is taken relative to where the command runs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-call-file-lists-"));
const dir = runtimeProject(join(tmp, "project"), "specs");
const document = {
  openapi: "3.0.3",
  info: { title: "Zq chat", version: "1", description: "Zq keeps chats." },
  servers: [{ url: "https://zqchat.test/api" }],
  paths: {
    "/zqfiles": {
      post: {
        operationId: "uploadZqFiles",
        summary: "Upload files",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["files"],
                properties: { files: { type: "array", items: { type: "string", format: "binary" } } },
              },
            },
          },
        },
        responses: {
          "200": { description: "Done.", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
  },
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  security: [{ bearer: [] }],
};
let upstream: Awaited<ReturnType<typeof server>>;

beforeAll(async () => {
  writeFileSync(join(tmp, "zqchat.json"), JSON.stringify(document));
  const added = await cli(["add", "zqchat", "--from", join(tmp, "zqchat.json"), "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
  mkdirSync(join(dir, "zq docs"));
  writeFileSync(join(dir, "zq docs", "a é&.txt"), "zq-first");
  writeFileSync(join(dir, "zq-second.txt"), "zq-second");
  upstream = await server(() => ({ status: 200, body: "{}" }));
});
afterAll(async () => {
  await upstream?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const call = (files: string) =>
  cli(
    [
      ...["call", "zqchat_upload_zq_files", "--param", `files=${files}`],
      ...["--param", "accessToken={{ZQ_CHAT_TOKEN}}", "--base-url", upstream.url],
    ],
    { cwd: dir, env: { ZQ_CHAT_TOKEN: "zq-token-00000001" } },
  );

describe("a list of files given by --param", () => {
  it("as JSON text of the list: each file a part of the field, its path taken where the command runs", async () => {
    const r = await call('["zq docs/a é&.txt","zq-second.txt"]');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const body = upstream.received.at(-1)!.body;
    expect(body.match(/name="files"/g)).toHaveLength(2);
    expect(body).toContain('filename="a é&.txt"');
    expect(body.indexOf("zq-first")).toBeLessThan(body.indexOf("zq-second"));
  });

  it("as one path: a list of that one file", async () => {
    const r = await call("zq-second.txt");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const body = upstream.received.at(-1)!.body;
    expect(body.match(/name="files"/g)).toHaveLength(1);
    expect(body).toContain("zq-second");
  });

  it("naming a file that is not there: refused before any request, naming the parameter", async () => {
    const before = upstream.received.length;
    const r = await call('["zq-none.txt"]');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ success: false, error: { param: "files", rule: "file" } });
    expect(upstream.received).toHaveLength(before);
  });
});
