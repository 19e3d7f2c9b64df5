/** Runs an operator command: prints its result line, or one error line and exits 1. */
export async function cli(main: (args: string[]) => Promise<string>): Promise<void> {
  try {
    console.log(await main(process.argv.slice(2)));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
