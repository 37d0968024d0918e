/** See server-node-args.js. */
declare const serverNodeArgs: string[];
export = serverNodeArgs;
