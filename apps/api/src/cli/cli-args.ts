import { ConfigError } from '../config/env';
import { DataDirInUseError } from '../db/data-dir-lock';

// What the operator commands share: a refused argument, and the check of an account id, made
// before the database is opened.

export class UsageError extends Error {}

// An account id is a UUID.
const UUID_LENGTH = 36;
export const isUuid = (value: string) =>
  value.length === UUID_LENGTH && [...value].every((char, at) => ([8, 13, 18, 23].includes(at) ? char === '-' : /[0-9a-f]/i.test(char)));

/** Runs an operator command: a refused argument prints the usage, a setting or a busy data folder its message; exit 1. */
export function runCommand(main: () => Promise<void>, usage: string): void {
  main().catch((error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
      console.error(`${error.message}\n\n${usage}`);
    } else if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}
