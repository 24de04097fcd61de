import { executeTool } from "@blockwright/directory";

// The credential is the call's to give (a token, or a flow's parameters): left out, executeTool does not compile
// (issue 61).
await executeTool("directory_list_users", {}); // expected: TS2345
