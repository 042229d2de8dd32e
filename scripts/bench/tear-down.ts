// A benchmark's clean-up: every step runs, in order, even when an earlier one fails (a browser
// that will not close must not leave its node running or its database behind); the first
// failure is thrown once all have run.
export async function tearDown(...steps: (() => unknown)[]): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}
