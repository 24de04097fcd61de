// The suite's shared Prism mocks (one per provider of specs/), as tests reach
// them: global-setup.ts starts them in Vitest's main process on the first ask
// of any test, and each worker asks once.
import { inject } from "vitest";

let urls: Promise<Record<string, string>> | undefined;
let statefulUrls: Promise<Record<string, string>> | undefined;

/** The base address of each provider's shared mock, by provider id. */
export function sharedMockUrls(): Promise<Record<string, string>> {
  urls ??= started("mocks");
  return urls;
}

/**
 * The base address of each provider's shared stateful mock (mocks/mock-state.ts), by provider id: started on the first
 * ask.
 */
export function sharedStatefulMockUrls(): Promise<Record<string, string>> {
  statefulUrls ??= started("stateful-mocks");
  return statefulUrls;
}

async function started(which: string): Promise<Record<string, string>> {
  const response = await fetch(`${inject("sharedMocks")}/${which}`, { method: "POST" });
  const text = await response.text();
  if (!response.ok) throw new Error(`the shared ${which} did not start:\n${text}`);
  return JSON.parse(text) as Record<string, string>;
}
