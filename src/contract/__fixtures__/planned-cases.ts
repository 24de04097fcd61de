// Cases for the worker pool's own tests (worker-crash, worker-requeue): the fixture workers run them by id alone, so
// they name an invented provider and operation, and the pool is given folders that do not exist.
import type { PlannedCase } from "../workers.js";

/** A planned example case of the invented provider `zqp`, named by its id. */
export const plannedCase = (id: string): PlannedCase => ({
  id,
  provider: "zqp",
  operation: "zqp_op",
  kind: "example",
  name: id,
  source: { document: "manifest", path: [] },
});

/** Folders no fixture worker reads. */
export const NOWHERE = { root: "/nowhere", specs: "/nowhere/specs", out: "/nowhere/generated" };

/** Where a fixture worker says it is about to compute without end (a test then aborts it), by its folders' root. */
export const spinning = (root: string) => `${root}.spinning`;
