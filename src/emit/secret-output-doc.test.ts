// A secret output (manifest output `secret`) was typed as any other member of the package's output type: a reader of
// the type learned nothing of it. Its member carries a doc comment saying it is withheld from what Blockwright prints;
// an output type without one is written as before.
import { describe, expect, it } from "vitest";
import type { OperationIR } from "../model/ir.js";
import { outputTsType } from "./emit-tool-types.js";

const source = { expression: "$response.body#/key" } as never;
const op = (secret: boolean) =>
  ({
    tool: {
      params: [],
      outputs: [
        { path: "metadata.id", type: "string", optional: false, source },
        { path: "metadata.apiKey", type: "string", optional: false, source, ...(secret ? { secret: true } : {}) },
      ],
    },
    types: {
      outputs: [
        { path: "metadata.id", optional: false, types: [{ kind: "primitive", name: "string" }] },
        { path: "metadata.apiKey", optional: false, types: [{ kind: "primitive", name: "string" }] },
      ],
    },
  }) as unknown as OperationIR;

describe("a secret output's type", () => {
  it("carries a doc comment saying it is withheld", () => {
    expect(outputTsType(op(true))).toBe(
      "{\n  metadata: {\n    id: string;\n" +
        "    /** A secret (manifest output `secret`): returned to you; `blockwright call` prints it as " +
        "`[redacted]` and `withheldOutputs` withholds it from a result you print or keep. Keep it out of your " +
        "own logs. */\n    apiKey: string;\n  };\n}",
    );
  });

  it("is written as before where no output is secret", () => {
    expect(outputTsType(op(false))).toBe("{\n  metadata: {\n    id: string;\n    apiKey: string;\n  };\n}");
  });
});
