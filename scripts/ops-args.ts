/** The value after a flag on the command line (`--out dir`), or undefined. */
export function argValue(flag: string, argv = process.argv.slice(2)): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}
