// A provider's secret whose name n8n's linter takes for none (a legacy OAuth key, `zqOauth2Legacy`): its credential
// field says it (`zqOauth2LegacySecret`), and the node tells the runtime which parameter each such field holds. Written
// as an object, `{zqOauth2Legacy: "zqOauth2LegacySecret"}`, n8n's linter read it as a secret in the source
// (no-hardcoded-secrets: a name with "auth", a value of letters and digits past 16 characters), and the package failed
// `npm run lint`. Written as [parameter, field] pairs, the package lints clean.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { draftedProject } from "../../../test-support/platforms/drafted-project.js";
import { linkN8nPackage, lintPackages, writeFiles } from "../../../test-support/platforms/tools.js";
import { drafted, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { generate } from "../generate-all.js";

const document = {
  ...openapi({
    "/zqpages": {
      get: {
        operationId: "listZqPages",
        responses: { "200": reply({ type: "object", properties: { n: { type: "integer" } } }) },
      },
    },
  }),
  // Two ways of a key: each drafted as a parameter named after its scheme.
  components: {
    securitySchemes: {
      zq_oauth2_legacy: { type: "apiKey", in: "header", name: "X-Zq-Oauth2-Legacy" },
      zq_private_app: { type: "apiKey", in: "header", name: "X-Zq-Private-App" },
    },
  },
  security: [{ zq_oauth2_legacy: [] }, { zq_private_app: [] }],
};

let work = "";
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "blockwright-n8n-renamed-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an n8n node whose credential field is named otherwise than its parameter", () => {
  it("names it in pairs, and the package lints clean with n8n's node linter", async () => {
    await draftedProject(work, "zqlegacy", drafted(document, ["listZqPages"], "zqlegacy"), {
      name: "zq-n8n-renamed",
      license: "MIT",
      author: "Zq Tester <zq@example.test>",
    });
    writeFiles(join(work, "generated-n8n"), (await generate({ root: work, target: "n8n" })).files);
    const pkg = join(work, "generated-n8n", "zqlegacy");
    linkN8nPackage(pkg, { name: "@blockwright/zqlegacy", dir: join(work, "generated", "zqlegacy") });
    const node = readFileSync(join(pkg, "nodes/Zqlegacy/Zqlegacy.node.ts"), "utf8");
    expect(node).toMatch(/credentialFields: \[/);
    expect(node).toMatch(/\["\w*Oauth2Legacy", "\w*Oauth2LegacySecret"\]/);
    expect(node).not.toMatch(/\w+: "\w*Secret"/);
    expect((await lintPackages([pkg], work))[pkg]).toEqual([]);
  }, 120_000);
});
