// An operation's heading in its package (the README, the tool's and the client method's doc comments) is its title and
// description; a drafted operation's summary is both, and the heading said it twice (`Create: Create`). Where the
// description only repeats the title, it is said once; where they differ, both, as before.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { emitEntry } from "./emit.js";
import { emitReadme } from "./emit-readme.js";
import { loadProvider } from "./link-provider.js";

const root = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const ir = await loadProvider(root, join(root, "specs-more/zqchecks"));
const op = ir.operations[0]!;
const withText = (title: string, description: string) => ({
  ...ir,
  operations: [{ ...op, tool: { ...op.tool, title, description, rules: [] } }],
});
const emitted = (title: string, description: string) => {
  const { dts, js } = emitEntry(
    withText(title, description),
    "export interface paths {}\nexport interface operations {}",
    "1.0.0",
  );
  return [dts, js, emitReadme(withText(title, description), { name: "@zq/checks" })];
};

describe("an operation's heading", () => {
  it("says a description that only repeats the title once, in the README and the doc comments", () => {
    for (const file of emitted("Zq set status", "Zq set status")) {
      expect(file).toContain("Zq set status");
      expect(file).not.toMatch(/Zq set status: Zq set status/);
    }
    // The same words ended with a full stop, or in another case, are the same.
    for (const file of emitted("Zq set status", "zq set status.")) expect(file).not.toMatch(/Zq set status: zq/);
  });

  it("says the title, then a description that says more", () => {
    const [dts, js, readme] = emitted("Zq set status", "Set a run's status, and its verdict once it is done.");
    for (const file of [dts, js, readme])
      expect(file).toContain("Zq set status: Set a run's status, and its verdict once it is done.");
  });
});
