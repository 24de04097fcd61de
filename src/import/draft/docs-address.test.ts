// The documentation address add guesses from info.description: a description that lists its servers as code spans
// (`https://{account}.zqhost.test/`) gave docsUrl the template with the closing backtick, a page no one can open. An
// address in backticks ends before the backtick, and a server template is no documentation page: the next address is
// taken, or none.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zqitems": {
    get: {
      operationId: "zqListItems",
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
};

function docsUrlOf(description: string): unknown {
  const document = openapi(paths, {}, { info: { title: "Zq API", version: "1", description } });
  return drafted(document, ["zqListItems"]).manifest.docsUrl;
}

describe("the documentation address guessed from info.description", () => {
  it("skips server templates written as code spans, and takes no backtick", () => {
    const servers =
      "Zq keeps items.\n\n**Servers**\n- `https://{account}.zqhost.test/`\n- `https://{w}--{account}.zqhost.test/`";
    expect(docsUrlOf(servers)).toBeUndefined();
    expect(docsUrlOf(`${servers}\n\nGuide: \`https://docs.zqhost.test/guide\`.`)).toBe(
      "https://docs.zqhost.test/guide",
    );
  });

  it("keeps a plain address as it was", () => {
    expect(docsUrlOf("Zq keeps items. See https://docs.zqhost.test/api.")).toBe("https://docs.zqhost.test/api");
  });

  // Bolt's description opens with a "Run in Postman" badge: its picture was drafted as the API's documentation.
  it("skips a picture's address (a Markdown image, a badge, an image file)", () => {
    const badge = "Zq: [![](https://zq.test/button.svg)](https://zq.test/run)\n\n![](https://zq.test/logo.PNG?v=2)";
    expect(docsUrlOf(badge)).toBe("https://zq.test/run");
    expect(docsUrlOf("Zq: https://zq.test/shot.png, see https://docs.zqhost.test.")).toBe("https://docs.zqhost.test");
  });
});
