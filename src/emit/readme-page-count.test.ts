// A generated README says where a page-numbered list's pages end when its reply counts them (`pagination.pages`).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadProvider } from "./link-provider.js";
import { emitReadme } from "./emit-readme.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = join(root, "src/mocks/__fixtures__/mock-paging/pages");

describe("the README of a list whose reply counts its pages", () => {
  it("says the pages end after the last it counts", async () => {
    const readme = emitReadme(await loadProvider(root, fixture), { name: "@zq/pages" });
    expect(readme).toContain(
      "up to the last of the `$response.body#/meta/pagination/total_pages` pages and until a page has no items",
    );
  });
});
