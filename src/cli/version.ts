// The blockwright package's own version, read from its package.json (two
// folders up both from src/cli/ and from the build's dist/cli/).
import { readFileSync } from "node:fs";

export function version(): string {
  return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string })
    .version;
}
