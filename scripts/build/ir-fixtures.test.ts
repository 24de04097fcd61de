// The committed IR fixtures are what the generator makes of their specs now.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staleIrFixtures } from "./ir-fixtures.js";

describe("IR fixtures", () => {
  it("are current (npm run refresh writes them)", async () => {
    expect(await staleIrFixtures(fileURLToPath(new URL("../../", import.meta.url)))).toEqual([]);
  });
});
