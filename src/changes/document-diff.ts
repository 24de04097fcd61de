// placeholder, replaced by the change model
export interface DocumentSet {
  root: string;
  files: Map<string, unknown>;
}
export interface DocumentChange {
  kind: string;
  severity: "breaking" | "non-breaking" | "informational";
  reason: string;
  operationId: string;
  location: string;
  pointer: string;
}
export function documentChanges(_older: DocumentSet, _newer: DocumentSet, _bound: readonly { operationId: string; method: string; path: string }[]): DocumentChange[] {
  return [];
}
