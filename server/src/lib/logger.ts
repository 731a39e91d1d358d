/** Where the server's services report what they do and what failed (the console in production). */
export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}
