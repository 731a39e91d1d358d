/** Types of start.mjs for the TypeScript that imports it (the bench). */
export declare const SERVER_PROCESS_ENV: Readonly<Record<string, string>>;
