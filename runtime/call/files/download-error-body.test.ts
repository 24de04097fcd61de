// issue 59: a download whose status declares only a file's types (a text file's `text/plain` too: the link's
// onlyFile) refused a JSON answer as UNEXPECTED_CONTENT_TYPE, "not the file it declares", and the upstream's message
// went with the body it never read: an export "not ready" told the caller nothing to act on. A JSON answer that says a
// message (the manifest's errors.message, or a body that is one text) is now the upstream's error, its message and
// code with it and the type in details; JSON saying none, and an HTML page, stay UNEXPECTED_CONTENT_TYPE; the text
// file itself is the answer as before.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../../execute/execute.js";
import { parseExpression } from "../../http/expressions.js";
import type { ToolSpec } from "../../spec/tool-types.js";

const ir = irFixture("zqfiles");
const download = ir.operations.find((o) => o.tool.id === "zqfiles_download_file")!.tool;
// The same download of a text file: its status declares `text/plain` alone.
const text: ToolSpec = { ...download, download: { ...download.download!, mediaTypes: ["text/plain"] } };
const KEY = "zq-secret-key-1234";

async function answered(tool: ToolSpec, answer: Response) {
  const { fetch } = scriptedFetch(answer);
  return executeToolDefinition(tool, { apiKey: KEY, fileId: "f1" }, { fetch });
}

describe("a JSON answer under a text file's status", () => {
  it("is the upstream's error, its message surfaced, where its JSON says one", async () => {
    expect(text.download?.onlyFile).toEqual([200]);
    expect(await answered(text, json(200, { error: { message: "Export zq-7 is not ready." } }))).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        status: 200,
        code: "UNEXPECTED_CONTENT_TYPE",
        message: "zqfiles answered 200 with application/json, not the file it declares: Export zq-7 is not ready.",
        retryable: false,
        details: { contentType: "application/json" },
      },
    });
    // A JSON body that is one text is its message, as an error answer's.
    const said = await answered(text, json(200, "zq quota used"));
    expect(said.success ? undefined : said.error.message).toMatch(/not the file it declares: zq quota used$/);
  });

  it("carries the upstream's own code where the manifest names it, and withholds a secret it echoes", async () => {
    const coded: ToolSpec = {
      ...text,
      errors: { ...text.errors, code: [parseExpression("$response.body#/error/code")] },
    };
    const result = await answered(
      coded,
      json(200, { error: { code: "ZQ_NOT_READY", message: `key ${KEY} may not export yet` } }),
    );
    expect(result).toMatchObject({ success: false, error: { code: "ZQ_NOT_READY", status: 200 } });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it("is refused as UNEXPECTED_CONTENT_TYPE where its JSON says no message, as an HTML page is", async () => {
    for (const answer of [
      json(200, { zqRows: 3 }),
      new Response("{not json", { status: 200, headers: { "content-type": "application/json" } }),
      new Response("<html>sign in</html>", { status: 200, headers: { "content-type": "text/html" } }),
    ]) {
      const result = await answered(text, answer);
      expect(result).toMatchObject({ success: false, error: { code: "UNEXPECTED_CONTENT_TYPE", status: 200 } });
      expect(result.success ? "" : result.error.message).toMatch(/not the file it declares$/);
    }
  });

  it("takes the text file itself as the answer", async () => {
    const answer = new Response("zq,1\n", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    expect(await answered(text, answer)).toMatchObject({
      success: true,
      output: { contentType: "text/plain; charset=utf-8", size: 5 },
    });
  });
});
