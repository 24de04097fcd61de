// The suite's shared Prism mocks (one per provider of specs/), as tests reach
// them: global-setup.ts starts them in Vitest's main process on the first ask
// of any test, and each worker asks once.
import { inject } from "vitest";

let urls: Promise<Record<string, string>> | undefined;

/** The base address of each provider's shared mock, by provider id. */
export function sharedMockUrls(): Promise<Record<string, string>> {
  urls ??= (async () => {
    const response = await fetch(`${inject("sharedMocks")}/mocks`, { method: "POST" });
    const text = await response.text();
    if (!response.ok) throw new Error(`the shared mocks did not start:\n${text}`);
    return JSON.parse(text) as Record<string, string>;
  })();
  return urls;
}
