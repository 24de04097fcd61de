// @blockwright/runtime/observe: a client's observer (client/observe.ts), for a client in a browser's
// bundle that has hooks, a logger or `withResponse` (`createAcme({ hooks, observe: observeCalls })`);
// the environment's client (Node.js, Deno, Bun) has it without this import.
export { observeCalls } from "./client/observe.js";
