// Whether a caller must give a parameter: required, and no default to fill it where a call leaves it out (the runtime
// fills a default; a workflow, an agent, Sim and the typed client may all leave such a parameter out). One reading for
// every place that says which parameters a call needs: the block, the typed client, the README, the platforms, the
// changes report, the contract suite's refusals.

/** Whether a call must give the parameter itself: required, with no default. */
export function callerMustGive(p: { required?: boolean | undefined; default?: unknown }): boolean {
  return p.required === true && p.default === undefined;
}
