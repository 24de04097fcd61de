// `$ref`s followed through an OpenAPI document's files for the example walk (example-walker.ts): to the object they
// name, into other files too, a reference to no place or a cycle of them reported once at the reference (BW1203).
import { fileURLToPath, pathToFileURL } from "node:url";
import { entryOf } from "@blockwright/runtime/internal/generate";
import { SourceError, type YamlSource } from "../yaml-source.js";
import { refPath, valueAt } from "../json-ref.js";
import type { At } from "./walk-place.js";

type Node = Record<string, unknown>;

/** Where a place is in its file's text, for a problem's position (its key, or its value). */
export function placeIn(files: Map<string, YamlSource>, at: Pick<At, "file" | "path">, which: "key" | "value" = "key") {
  return entryOf(files, at.file).locate(at.path, which);
}

export class RefFollower {
  private readonly reported = new Set<string>();

  constructor(
    private readonly files: Map<string, YamlSource>,
    private readonly errors: SourceError[],
  ) {}

  /**
   * Follow `$ref`s from `at` (into other files too) to the object they name.
   * A reference to a place its file does not have is reported at the
   * reference (a file that could not be read stopped the bundler first).
   */
  follow(at: At): At | undefined {
    let current = at;
    // The places met, made at the second `$ref` (most places the walk follows are none, and most `$ref`s lead to an
    // object that is none): a cycle meets its first place again at the second at the earliest.
    let first: At | undefined;
    let seen: Set<string> | undefined;
    for (;;) {
      const node = asNode(current.value);
      if (!node || typeof node.$ref !== "string") return node ? current : undefined;
      if (first === undefined) first = current;
      else {
        seen ??= new Set([placeKey(first)]);
        const key = placeKey(current);
        if (seen.has(key)) {
          this.refProblem(
            current,
            `$ref ${JSON.stringify(node.$ref)} leads back to itself (a cycle of $refs names no object)`,
          );
          return undefined;
        }
        seen.add(key);
      }
      const ref = node.$ref as string;
      const [filePart, fragment = ""] = ref.split("#");
      const file = filePart ? resolveFile(current.file, filePart) : current.file;
      const target = this.files.get(file);
      if (!target) return undefined;
      let path: string[];
      try {
        path = [...refPath(`#${fragment}`)];
      } catch (e) {
        this.refProblem(current, `$ref ${JSON.stringify(ref)} does not resolve: ${(e as Error).message}`);
        return undefined;
      }
      const value = valueAt(target.data, path);
      if (value === undefined) {
        this.refProblem(
          current,
          `$ref ${JSON.stringify(ref)} does not resolve (no such place in ${filePart ? "that" : "this"} file)`,
        );
        return undefined;
      }
      current = { file, path, value };
    }
  }

  /** A problem of the `$ref` at `at`, reported once however often the walk meets it. */
  private refProblem(at: At, message: string): void {
    const key = placeKey(at);
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.errors.push(
      new SourceError("BW1203", placeIn(this.files, { file: at.file, path: [...at.path, "$ref"] }, "value"), message),
    );
  }
}

/** The value if it is an object (not a list). */
function asNode(value: unknown): Node | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;
}

/** A place as a key: its file and path. */
function placeKey(at: At): string {
  return `${at.file}#${at.path.join("\u0000")}`;
}

function resolveFile(from: string, ref: string): string {
  return fileURLToPath(new URL(ref, pathToFileURL(from)));
}
