// The folder a multi-file document's `$ref`s may read files in, as the user names it (--refs-in of add and upstream):
// the bound stays explicit, as a document must not make us read files the user did not point at.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { UsageError } from "./io.js";

/** --refs-in as an absolute folder: one that is there and holds the root, else a usage error naming both. */
export function refsFolder(given: string, root: string, cwd: string): string {
  const folder = resolve(cwd, given);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError("BW3003", `--refs-in ${given}: no such folder`);
  const inside = relative(folder, root);
  if (inside.startsWith("..") || isAbsolute(inside))
    throw new UsageError(
      "BW3003",
      `--refs-in ${given}: the folder must hold the document's root, ${relative(cwd, root)}`,
    );
  return folder;
}
