/** A check process for the pool's tests that never says ready (stuck in its start-up). */
process.on('disconnect', () => process.exit(0));
setInterval(() => undefined, 1_000);
