// @ts-nocheck -- plain JavaScript run by Node.js in a process of its own, on n8n's engine, whose types the
// job's plain data does not meet.
// Runs workflows on n8n's own engine (n8n-core's WorkflowExecute), in a
// process of its own: `node run-workflow.cjs <jobs.json> <results.json>` runs
// the file's list of jobs one after another, each a workflow of its own, and
// writes their runs' results as a JSON list (n8n logs on stdout): n8n-core
// loads once (about a second of CPU) for all of them. `node run-workflow.cjs
// --serve` runs jobs on request instead, n8n-core loaded once for them all
// (the tests' one engine, shared-tools.ts): each message on its IPC channel a
// list of jobs, each answered in order (`{answer: runs}` or `{error}`); it
// ends when the channel closes. A job names n8n community
// packages' folders, which n8n-core's PackageDirectoryLoader loads as n8n
// loads an installed package; the workflow's first node is
// `blockwright-test.items`, which emits the job's items to every other node,
// and the credentials are the job's. N8N_USER_FOLDER (a
// temporary folder the caller makes) keeps n8n's settings out of $HOME.
// Expressions are evaluated by n8n's legacy engine (initExpressionEngine is
// not called): its default "vm" engine needs isolated-vm, a native module
// this repository does not build (package.json overrides).
const { readFileSync, writeFileSync } = require("node:fs");
// V8's compiled code of n8n's engine kept between runs, as bin/blockwright.js keeps the command's (Node 22.1 and
// later; the folder Node names, under the temporary folder): most of loading it was compiling it.
require("node:module").enableCompileCache?.();
const { ExecutionLifecycleHooks, PackageDirectoryLoader, WorkflowExecute } = require("n8n-core");
const { ICredentialsHelper, Workflow } = require("n8n-workflow");

/**
 * The first node: the job's items, with their binary data, as a trigger would give them (n8n calls execute with its own
 * `this`).
 */
function itemsNode(items, binary = []) {
  return {
    description: {
      displayName: "Items",
      name: "items",
      group: ["input"],
      version: 1,
      description: "The job's items",
      defaults: { name: "Items" },
      inputs: [],
      outputs: ["main"],
      properties: [],
    },
    async execute() {
      // n8n's binary data held in the item (its default mode): the bytes in base64, beside their type and name.
      return [items.map((json, i) => ({ json, ...(binary[i] ? { binary: binary[i] } : {}), pairedItem: { item: i } }))];
    },
  };
}

class Credentials extends ICredentialsHelper {
  constructor(byType) {
    super();
    this.byType = byType;
  }
  getParentTypes() {
    return [];
  }
  isCredentialUsableByNode() {
    return true;
  }
  async authenticate(_credentials, _type, request) {
    return request;
  }
  async preAuthentication() {
    return undefined;
  }
  async runPreAuthentication() {
    return undefined;
  }
  getCredentialsProperties() {
    return [];
  }
  async getDecrypted(_additionalData, _nodeCredentials, type) {
    return this.byType[type] ?? {};
  }
  async getCredentials() {
    throw new Error("not used: the node reads its credential through getDecrypted");
  }
  async updateCredentials() {}
  async updateCredentialsOauthTokenData() {}
}

/** An error as the run records it: n8n's fields, and the structured error a NodeApiError carries. */
function errorOf(error) {
  if (!error) return undefined;
  return {
    name: error.name,
    message: error.message,
    description: error.description,
    httpCode: error.httpCode,
    itemIndex: error.context?.itemIndex,
    errorResponse: error.errorResponse,
    failure: error.failure,
  };
}

/** One job's workflow run to its end: its status, each node's items and errors. */
async function runJob(job) {
  const types = { "blockwright-test.items": { type: itemsNode(job.items, job.binary) } };
  for (const dir of job.packages) {
    const loader = new PackageDirectoryLoader(dir);
    await loader.loadAll();
    for (const [name, loaded] of Object.entries(loader.nodeTypes)) types[`${loader.packageName}.${name}`] = loaded;
  }
  const nodeTypes = {
    getByName: (type) => types[type]?.type,
    getByNameAndVersion: (type) => types[type]?.type,
    getKnownTypes: () => ({}),
  };
  const nodes = [
    { id: "items", name: "Items", type: "blockwright-test.items", typeVersion: 1, position: [0, 0], parameters: {} },
    ...job.nodes,
  ];
  const connections = { Items: { main: [job.nodes.map((n) => ({ node: n.name, type: "main", index: 0 }))] } };
  const workflow = new Workflow({ id: "blockwright-test", nodes, connections, active: false, nodeTypes, settings: {} });
  const hooks = new ExecutionLifecycleHooks("manual", "1", {
    id: "blockwright-test",
    name: "blockwright-test",
    nodes,
    connections,
    active: false,
    settings: {},
  });
  const finished = new Promise((resolve) => hooks.addHandler("workflowExecuteAfter", (run) => resolve(run)));
  const base = "http://localhost:5678";
  const additionalData = {
    hooks,
    credentialsHelper: new Credentials(job.credentials),
    restApiUrl: `${base}/rest`,
    instanceBaseUrl: base,
    webhookBaseUrl: `${base}/webhook`,
    webhookWaitingBaseUrl: `${base}/webhook-waiting`,
    webhookTestBaseUrl: `${base}/webhook-test`,
    formWaitingBaseUrl: `${base}/form-waiting`,
    currentNodeParameters: undefined,
    variables: {},
    userId: "blockwright-test",
    executeWorkflow: async () => {
      throw new Error("not used");
    },
    getRunExecutionData: async () => undefined,
    logAiEvent: () => {},
  };
  await new WorkflowExecute(additionalData, "manual").run({ workflow, startNode: workflow.getNode("Items") });
  const run = await finished;
  const out = {};
  for (const [name, runs] of Object.entries(run.data.resultData.runData)) {
    out[name] = runs.map((r) => ({
      items: (r.data?.main?.[0] ?? []).map((item) => ({ json: item.json, binary: item.binary })),
      error: errorOf(r.error),
    }));
  }
  return { status: run.status, nodes: out, error: errorOf(run.data.resultData.error) };
}

/** The jobs' runs, one after another. */
async function runJobs(jobs) {
  const runs = [];
  for (const job of jobs) runs.push(await runJob(job));
  return runs;
}

if (process.argv[2] === "--serve") {
  let asked = Promise.resolve();
  process.on("message", (jobs) => {
    asked = asked.then(() =>
      runJobs(jobs).then(
        (answer) => process.connected && process.send({ answer }),
        (e) => process.connected && process.send({ error: `${e?.stack ?? e}` }),
      ),
    );
  });
  // n8n's engine may hold timers of its own: the process ends with the channel, once the asks before have answered.
  process.on("disconnect", () => asked.then(() => process.exit(0)));
} else {
  runJobs(JSON.parse(readFileSync(process.argv[2], "utf8"))).then(
    (runs) => writeFileSync(process.argv[3], `${JSON.stringify(runs)}\n`),
    (e) => {
      process.stderr.write(`${e?.stack ?? e}\n`);
      process.exit(1);
    },
  );
}
