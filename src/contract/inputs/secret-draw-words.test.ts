// A secret drawn by a property case is redacted wherever a text holds it. fast-check's strings favour words of
// JavaScript objects (`arguments`, `constructor`, `hasOwnProperty`), which answers hold as keys: a credential drawn as
// `arguments` withheld the key `arguments` of a policy's answer, whose outputs then lacked it (an output case failed
// on a mock answering its own example). A secret is drawn from the same characters without those words.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const getBook = shelf.operations.find((op) => op.tool.id === "shelf_get_book")!.tool;

/** Words of JavaScript objects at least as long as a secret (8 characters). */
const OBJECT_WORDS = ["arguments", "constructor", "hasOwnProperty", "isPrototypeOf", "toString", "__proto__"];

/** shelf_get_book with its path parameter a secret of plain text (no pattern, format or enum): `zqsecret`. */
function withPlainSecret(secret: boolean): ToolSpec {
  return {
    ...getBook,
    params: getBook.params.map((p) =>
      p.name === "bookId"
        ? ({
            ...p,
            name: "zqsecret",
            secret,
            pattern: undefined,
            format: undefined,
            enum: undefined,
            minLength: undefined,
            maxLength: 32,
            example: undefined,
            placeholder: undefined,
          } as ParamSpec)
        : p,
    ),
  };
}

const draws = (tool: ToolSpec) =>
  fc
    .sample(validInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), { numRuns: 3000, seed: 0x5ec })
    .map((input) => input.zqsecret);

describe("a secret drawn by a property case", () => {
  it("is never a word of JavaScript objects, which a plain text's draws favour", () => {
    const plain = draws(withPlainSecret(false));
    expect(plain.some((v) => OBJECT_WORDS.includes(String(v)))).toBe(true);
    const secret = draws(withPlainSecret(true));
    expect(secret.filter((v) => OBJECT_WORDS.includes(String(v)))).toEqual([]);
    // Still drawn from the text's characters, at a secret's length.
    expect(secret.every((v) => typeof v === "string" && [...v].length >= 8)).toBe(true);
    expect(new Set(secret).size).toBeGreaterThan(100);
  });
});
